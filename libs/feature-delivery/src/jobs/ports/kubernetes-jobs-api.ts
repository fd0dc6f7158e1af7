import type { V1Job, V1Secret } from '@kubernetes/client-node';

/** The three Kubernetes calls the launcher makes; `status` of a failure is its HTTP status. */
export interface KubernetesJobsApi {
  createJob(namespace: string, job: V1Job): Promise<V1Job>;
  createSecret(namespace: string, secret: V1Secret): Promise<void>;
  deleteJob(namespace: string, name: string): Promise<void>;
}

/** The HTTP status of a failed Kubernetes call (client-node's ApiException `code`), if any. */
export function kubernetesStatusOf(error: unknown): number | undefined {
  const code =
    (error as { code?: unknown; statusCode?: unknown } | null)?.code ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}
