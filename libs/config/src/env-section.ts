import { z } from 'zod';
import type { ConfigProblem } from './config.error';

export type EnvShape = Record<string, z.ZodType<unknown, string | undefined>>;
export type EnvValues<S extends EnvShape> = z.output<z.ZodObject<S>>;

/**
 * A group of environment variables and the typed section they build (for instance `oauth` from the
 * `GATEHOUSE_*_TTL_SECONDS` variables). Apps compose sections; a feature that needs new settings adds
 * a section and lists it in the apps that use it.
 */
export interface EnvSection<S extends EnvShape, T> {
  readonly shape: S;
  build(values: EnvValues<S>): T;
  /**
   * Rules between the section's variables (one needs another, two exclude each other), checked
   * once each variable is valid on its own; each problem names the variable to change.
   */
  check?(values: EnvValues<S>): ConfigProblem[];
}

export function envSection<S extends EnvShape, T>(
  shape: S,
  build: (values: EnvValues<S>) => T,
  check?: (values: EnvValues<S>) => ConfigProblem[],
): EnvSection<S, T> {
  return check ? { shape, build, check } : { shape, build };
}

/** A section that reads nothing and always builds `value` (the service's own name, say). */
export function constantSection<const T>(value: T): EnvSection<Record<never, never>, T> {
  return envSection({}, () => value);
}

// `any` is needed here: a section's build parameter type depends on its own shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySection = EnvSection<any, unknown>;
export type ConfigOf<M extends Record<string, AnySection>> = {
  [K in keyof M]: ReturnType<M[K]['build']>;
};

export type ConfigSchema<T> = z.ZodPipe<
  z.ZodObject<EnvShape>,
  z.ZodTransform<T, Record<string, unknown>>
>;

/**
 * One schema over the flat environment, building a nested config object with one key per section.
 * Sections may share a variable only with the same schema (PORT read by http and a default URL).
 */
export function composeConfig<M extends Record<string, AnySection>>(
  sections: M,
): ConfigSchema<ConfigOf<M>> {
  const shape: EnvShape = {};
  for (const section of Object.values(sections)) {
    for (const [variable, schema] of Object.entries(section.shape as EnvShape)) {
      if (shape[variable] && shape[variable] !== schema) {
        throw new Error(`${variable} is declared by two config sections with different schemas`);
      }
      shape[variable] = schema;
    }
  }
  const checks = Object.values(sections).flatMap((section) =>
    section.check ? [section.check.bind(section)] : [],
  );
  const validated = z.object(shape).superRefine((values, context) => {
    for (const check of checks) {
      for (const problem of check(values))
        context.addIssue({ code: 'custom', path: [problem.variable], message: problem.reason });
    }
  });
  return validated.transform((values) => {
    const config: Record<string, unknown> = {};
    for (const [key, section] of Object.entries(sections)) config[key] = section.build(values);
    return config as ConfigOf<M>;
  });
}
