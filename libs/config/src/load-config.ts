import { z } from 'zod';
import { ConfigError, type ConfigProblem } from './config.error';

export type Environment = Record<string, string | undefined>;

/**
 * Validates the environment once, at boot. Blank values count as unset (Compose and Kubernetes
 * write `NAME=` for an empty field). Throws ConfigError listing every problem, not just the first.
 */
export function loadConfig<T>(schema: z.ZodType<T>, env: Environment = process.env): T {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map(toProblem));
}

function toProblem(issue: z.core.$ZodIssue): ConfigProblem {
  return { variable: issue.path.map(String).join('.') || '(environment)', reason: issue.message };
}
