// Where the schema of each apiVersion and kind lives. The built-in API: the `kubernetes-models`
// package, one module per kind at `kubernetes-models/<apiVersion>/<Kind>`. Custom resources: the
// packages the same generator builds from each operator's CRD OpenAPI schemas, one per API group.
// The Strimzi and Prometheus Operator packages are published as ES modules only, which Jest's CommonJS runtime cannot load:
// its objects are validated in a Node process of their own (esm-schema-validation.mjs).

export type ModelLoading = 'commonjs' | 'esm';

export interface KubernetesModelModule {
  /** Import specifier of the module exporting the kind's model class (named as the kind). */
  specifier: string;
  loading: ModelLoading;
}

const CUSTOM_RESOURCE_PACKAGES: Readonly<Record<string, { name: string; loading: ModelLoading }>> =
  {
    'keda.sh': { name: '@kubernetes-models/keda', loading: 'commonjs' },
    'kafka.strimzi.io': { name: '@kubernetes-models/strimzi-kafka-operator', loading: 'esm' },
    'monitoring.coreos.com': { name: '@kubernetes-models/prometheus-operator', loading: 'esm' },
  };

const API_VERSION_PATTERN = /^(?:[a-z0-9]+(?:[.-][a-z0-9]+)*\/)?v\d+(?:(?:alpha|beta)\d+)?$/;
const KIND_PATTERN = /^[A-Z][A-Za-z0-9]*$/;

/** The module of an apiVersion and kind; undefined when either is malformed. */
export function kubernetesModelModule(
  apiVersion: string,
  kind: string,
): KubernetesModelModule | undefined {
  if (!API_VERSION_PATTERN.test(apiVersion) || !KIND_PATTERN.test(kind)) return undefined;
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  const custom = CUSTOM_RESOURCE_PACKAGES[group];
  if (custom) return { specifier: `${custom.name}/${apiVersion}/${kind}`, loading: custom.loading };
  return { specifier: `kubernetes-models/${apiVersion}/${kind}`, loading: 'commonjs' };
}
