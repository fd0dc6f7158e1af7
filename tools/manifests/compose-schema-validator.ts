import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { describeSchemaError } from './schema-error-description';

// The Compose Specification schema (compose-spec/compose-spec, `schema/compose-spec.json`) as
// vendored by the `dclint` npm package, which refreshes it from the specification repository.
// The package's `exports` hide the file, so it is located through its package.json.
const COMPOSE_SCHEMA_PATH = join(
  dirname(require.resolve('dclint/package.json')),
  'schemas',
  'compose.schema.json',
);

let compiled: ValidateFunction | undefined;

function composeValidator(): ValidateFunction {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(COMPOSE_SCHEMA_PATH, 'utf8')) as Record<string, unknown>;
  // Ajv's draft-07 meta-schema is registered as http://json-schema.org/draft-07/schema#; the file
  // names it with https and no fragment. `deprecated` is a draft 2019-09 annotation.
  delete schema.$schema;
  const ajv = new Ajv({ allErrors: true, strict: false });
  compiled = ajv.compile(schema);
  return compiled;
}

/** Problems of a parsed Compose file against the Compose Specification; empty when valid. */
export function validateComposeFile(compose: unknown): string[] {
  const validate = composeValidator();
  if (validate(compose)) return [];
  return (validate.errors ?? []).map(describeSchemaError);
}

export function composeSchemaTitle(): string {
  const schema = JSON.parse(readFileSync(COMPOSE_SCHEMA_PATH, 'utf8')) as { title?: string };
  return schema.title ?? '';
}
