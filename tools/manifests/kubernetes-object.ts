/** The part every Kubernetes object shares; the rest is checked against its schema. */
export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export function isKubernetesObject(value: unknown): value is KubernetesObject {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<KubernetesObject>;
  return (
    typeof candidate.apiVersion === 'string' &&
    typeof candidate.kind === 'string' &&
    typeof candidate.metadata === 'object' &&
    candidate.metadata !== null &&
    typeof candidate.metadata.name === 'string'
  );
}

export function describeObject(object: Pick<KubernetesObject, 'kind' | 'metadata'>): string {
  return `${object.kind}/${object.metadata.name}`;
}
