import { describeObject, type KubernetesObject } from './kubernetes-object';

// What differs between clusters is never guessed in k8s/base and k8s/jobs: those fields hold a
// placeholder in angle brackets, which the API server refuses (not a valid label value, CIDR or
// namespace), until an overlay sets them: the cluster's network through its ClusterNetwork and
// k8s/components/cluster-network, the rest by a patch.

const PLACEHOLDER = /^<([^>]*)>$/;
const CLUSTER_NETWORK = /^cluster-network: (\w+)$/;

export interface Placeholder {
  object: string;
  /** JSON pointer of the field. */
  path: string;
  value: string;
}

/** Every field of the objects that still holds a placeholder. */
export function placeholdersOf(objects: readonly KubernetesObject[]): Placeholder[] {
  const found: Placeholder[] = [];
  const visit = (object: string, value: unknown, path: string): void => {
    if (typeof value === 'string' && PLACEHOLDER.test(value)) found.push({ object, path, value });
    else if (Array.isArray(value))
      value.forEach((item, index) => visit(object, item, `${path}/${index}`));
    else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value))
        visit(object, item, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  for (const object of objects) visit(describeObject(object), object, '');
  return found;
}

/** One problem per placeholder left, saying what sets it. */
export function checkPlaceholders(objects: readonly KubernetesObject[]): string[] {
  return placeholdersOf(objects).map(({ object, path, value }) => {
    const field = CLUSTER_NETWORK.exec(PLACEHOLDER.exec(value)![1])?.[1];
    const how = field
      ? `list the component k8s/components/cluster-network and a ClusterNetwork with spec.${field}`
      : 'set it in the overlay';
    return `${object}: ${path} still holds the placeholder ${value}; ${how}`;
  });
}
