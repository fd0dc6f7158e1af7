import { readFileSync } from 'node:fs';

/** Where Kubernetes mounts the namespace of a pod's service account. */
export const SERVICE_ACCOUNT_NAMESPACE_FILE =
  '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

/**
 * The namespace the worker's own pod runs in, where Jobs go when GATEHOUSE_KUBERNETES_JOB_NAMESPACE
 * is unset (k8s/ sets it: Jobs run in a namespace of their own, k8s/jobs). Undefined outside a
 * cluster.
 */
export function inClusterNamespace(
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): string | undefined {
  try {
    return read(SERVICE_ACCOUNT_NAMESPACE_FILE).trim() || undefined;
  } catch {
    return undefined;
  }
}
