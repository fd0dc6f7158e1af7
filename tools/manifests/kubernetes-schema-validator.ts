import type { ErrorObject } from 'ajv';
import { describeSchemaError } from './schema-error-description';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// Kubernetes OpenAPI schemas, compiled to Ajv validators by the `kubernetes-models` npm package:
// one module per kind at `kubernetes-models/<apiVersion>/<Kind>` (core kinds under `v1/`).

interface KubernetesModelClass {
  new (data: unknown): { validate(): void };
}

interface ModelValidationError extends Error {
  errors?: ErrorObject[];
}

const API_VERSION_PATTERN = /^(?:[a-z0-9]+(?:[.-][a-z0-9]+)*\/)?v\d+(?:(?:alpha|beta)\d+)?$/;
const KIND_PATTERN = /^[A-Z][A-Za-z0-9]*$/;

function modelFor(apiVersion: string, kind: string): KubernetesModelClass | undefined {
  if (!API_VERSION_PATTERN.test(apiVersion) || !KIND_PATTERN.test(kind)) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the schema module is picked by the object's apiVersion and kind
    const module = require(`kubernetes-models/${apiVersion}/${kind}`) as Record<string, KubernetesModelClass>;
    return module[kind];
  } catch {
    return undefined;
  }
}

/** Problems of one object against the Kubernetes schema of its apiVersion and kind. */
export function validateKubernetesObject(object: KubernetesObject): string[] {
  const where = describeObject(object);
  const Model = modelFor(object.apiVersion, object.kind);
  if (!Model) return [`${where}: no Kubernetes schema for apiVersion '${object.apiVersion}' kind '${object.kind}'`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    const details = (error as ModelValidationError).errors;
    if (!details) throw error;
    return details.map((detail) => `${where}: ${describeSchemaError(detail)}`);
  }
}
