import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { kubernetesModelModule, type KubernetesModelModule } from './kubernetes-model-modules';
import { describeSchemaError } from './schema-error-description';
import { describeObject, type KubernetesObject } from './kubernetes-object';

// Every object against the OpenAPI schema of its apiVersion and kind, compiled to Ajv validators
// by the kubernetes-models packages (kubernetes-model-modules.ts): the built-in API and the CRDs
// of KEDA and Strimzi.

interface KubernetesModelClass {
  new (data: unknown): { validate(): void };
}

interface ModelValidationError extends Error {
  errors?: ErrorObject[];
}

/** Ajv errors of the object, [] when valid, undefined when there is no model for its kind. */
type Outcome = ErrorObject[] | undefined;

const ESM_VALIDATION_SCRIPT = join(__dirname, 'esm-schema-validation.mjs');

function validateInProcess(specifier: string, object: KubernetesObject): Outcome {
  let Model: KubernetesModelClass | undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the schema module is picked by the object's apiVersion and kind
    Model = (require(specifier) as Record<string, KubernetesModelClass>)[object.kind];
  } catch {
    return undefined;
  }
  if (!Model) return undefined;
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    const details = (error as ModelValidationError).errors;
    if (!details) throw error;
    return details;
  }
}

function validateInNodeProcess(
  requests: ReadonlyArray<{ module: KubernetesModelModule; object: KubernetesObject }>,
): Outcome[] {
  if (requests.length === 0) return [];
  const input = JSON.stringify(
    requests.map(({ module, object }) => ({
      specifier: module.specifier,
      kind: object.kind,
      object,
    })),
  );
  const run = spawnSync(process.execPath, [ESM_VALIDATION_SCRIPT], {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0)
    throw new Error(
      `${ESM_VALIDATION_SCRIPT} failed (${String(run.status ?? run.signal)}): ${run.stderr}`,
    );
  return (JSON.parse(run.stdout) as Array<ErrorObject[] | null | 'no-model'>).map((result) =>
    result === 'no-model' ? undefined : (result ?? []),
  );
}

/** Problems of each object against the schema of its apiVersion and kind, one line each; [] when all are valid. */
export function validateKubernetesObjects(objects: readonly KubernetesObject[]): string[] {
  const modules = objects.map((object) => kubernetesModelModule(object.apiVersion, object.kind));
  const outcomes: Outcome[] = objects.map((object, index) => {
    const module = modules[index];
    return module?.loading === 'commonjs' ? validateInProcess(module.specifier, object) : undefined;
  });
  const esm = objects.flatMap((object, index) => {
    const module = modules[index];
    return module?.loading === 'esm' ? [{ index, module, object }] : [];
  });
  validateInNodeProcess(esm).forEach((outcome, position) => {
    outcomes[esm[position].index] = outcome;
  });
  return objects.flatMap((object, index) => {
    const where = describeObject(object);
    const outcome = outcomes[index];
    if (!outcome)
      return [
        `${where}: no Kubernetes schema for apiVersion '${object.apiVersion}' kind '${object.kind}'`,
      ];
    return outcome.map((detail) => `${where}: ${describeSchemaError(detail)}`);
  });
}

/** Problems of one object against the schema of its apiVersion and kind. */
export function validateKubernetesObject(object: KubernetesObject): string[] {
  return validateKubernetesObjects([object]);
}
