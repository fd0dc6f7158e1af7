import { readFileSync } from 'node:fs';

/** Where Kubernetes mounts the namespace of a pod's service account. */
export const SERVICE_ACCOUNT_NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

/**
 * The namespace the worker's own pod runs in: the one its Role lets it create Jobs and Secrets in
 * (k8s/base/delivery-worker-rbac.yaml). Undefined outside a cluster.
 */
export function inClusterNamespace(read: (path: string) => string = (path) => readFileSync(path, 'utf8')): string | undefined {
  try {
    return read(SERVICE_ACCOUNT_NAMESPACE_FILE).trim() || undefined;
  } catch {
    return undefined;
  }
}
