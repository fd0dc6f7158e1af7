import { isDeepStrictEqual } from 'node:util';

/** The entries of `desired` whose value differs from `current` (deep comparison). */
export function changedFields<T extends object>(current: T, desired: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(desired) as (keyof T)[]) {
    if (!isDeepStrictEqual(current[key], desired[key])) changes[key] = desired[key];
  }
  return changes;
}

export function isEmpty(changes: object): boolean {
  return Object.keys(changes).length === 0;
}
