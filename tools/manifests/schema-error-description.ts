import type { ErrorObject } from 'ajv';

/** One Ajv error as a line a person can act on: where, and what is wrong. */
export function describeSchemaError(error: ErrorObject): string {
  const at = error.instancePath === '' ? '(root)' : error.instancePath;
  if (error.keyword === 'additionalProperties') {
    return `${at} has unknown property '${String(error.params.additionalProperty)}'`;
  }
  if (error.keyword === 'enum') {
    return `${at} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
  }
  return `${at} ${error.message ?? error.keyword}`;
}
