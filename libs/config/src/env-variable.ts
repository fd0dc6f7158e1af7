import { z } from 'zod';

/** A parse result naming why a raw value was refused. */
export class Invalid {
  constructor(readonly reason: string) {}
}

export function invalid(reason: string): Invalid {
  return new Invalid(reason);
}

/**
 * A schema for one environment variable: the raw string is parsed by `parse`, which returns the
 * typed value or `invalid(reason)`. A missing variable reports `required`; chain `.default(value)`
 * or `.optional()` to make it optional.
 */
export function envVariable<T>(parse: (raw: string) => T | Invalid) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be a string') })
    .transform((raw, context) => {
      const value = parse(raw);
      if (value instanceof Invalid) {
        context.issues.push({ code: 'custom', message: value.reason, input: raw });
        return z.NEVER;
      }
      return value;
    });
}
