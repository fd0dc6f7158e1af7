import { z } from 'zod';
import { controlsProgramExecution } from './program-control-env';

/**
 * Secrets a Job webhook passes to the Jobs it starts (libs/feature-webhooks/README.md). They become environment
 * variables, so names follow the portable environment-variable syntax (POSIX.1-2017 §8.1, upper
 * case) and values may not hold NUL. The names the worker sets itself (docs/hf-clients.md "Job webhooks")
 * are reserved, so a secret can never shadow the payload, and names that change how programs load
 * or run (`controlsProgramExecution`) are refused, so a secret cannot turn into code.
 */
const JOB_SECRET_NAME = /^[A-Z_][A-Z0-9_]*$/;
const MAX_JOB_SECRET_NAME_LENGTH = 128;
const MAX_JOB_SECRET_VALUE_LENGTH = 65_536;
const MAX_JOB_SECRETS = 100;
export const RESERVED_JOB_ENV_NAMES: readonly string[] = [
  'WEBHOOK_PAYLOAD',
  'WEBHOOK_REPO_ID',
  'WEBHOOK_REPO_TYPE',
  'WEBHOOK_SECRET',
];

/** Why `name` cannot be a Job secret, or null. Checked on create and update, and again at launch. */
function jobSecretNameProblem(name: string): string | null {
  if (name.length > MAX_JOB_SECRET_NAME_LENGTH)
    return `names are at most ${MAX_JOB_SECRET_NAME_LENGTH} characters`;
  if (!JOB_SECRET_NAME.test(name))
    return 'names are environment variable names: A-Z, 0-9 and _, not starting with a digit';
  if (RESERVED_JOB_ENV_NAMES.includes(name))
    return `${name} is set by the webhook itself and cannot be a secret`;
  if (controlsProgramExecution(name))
    return `${name} changes how programs load or run and cannot be a secret`;
  return null;
}

/**
 * A `secrets` map as sent on create or update. With `allowEmptyValues` (update) an empty string
 * means "remove this secret"; on create there is nothing to remove, so it is refused.
 */
export function jobSecretsSchema(options: { allowEmptyValues: boolean }) {
  return z
    .record(z.string(), z.string({ error: 'secret values must be strings' }), {
      error: 'must be an object of name to value',
    })
    .check((ctx) => {
      const names = Object.keys(ctx.value);
      if (names.length > MAX_JOB_SECRETS) {
        ctx.issues.push({
          code: 'custom',
          message: `at most ${MAX_JOB_SECRETS} secrets`,
          input: ctx.value,
        });
        return;
      }
      for (const name of names) {
        const value = ctx.value[name]!;
        const problem =
          jobSecretNameProblem(name) ??
          (value === '' && !options.allowEmptyValues ? 'must not be empty' : null) ??
          (value.length > MAX_JOB_SECRET_VALUE_LENGTH
            ? `must be at most ${MAX_JOB_SECRET_VALUE_LENGTH} characters`
            : null) ??
          (value.includes('\0') ? 'must not contain NUL characters' : null);
        if (problem)
          ctx.issues.push({ code: 'custom', message: problem, path: [name], input: value });
      }
    });
}

/**
 * libs/feature-webhooks/README.md "Update body": secrets listed in the update replace the stored values, an empty string removes
 * a secret, and every secret not listed is kept. Neither argument is modified.
 */
export function mergeJobSecrets(
  stored: Readonly<Record<string, string>>,
  update: Readonly<Record<string, string>>,
): Record<string, string> {
  const merged: Record<string, string> = { ...stored };
  for (const [name, value] of Object.entries(update)) {
    if (value === '') delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

/** The names only, sorted: what responses show (values are never returned). */
export function secretNames(secrets: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(secrets).sort();
}
