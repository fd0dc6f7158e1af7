import { BatchV1Api, CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import type { KubernetesJobsApi } from '../ports/kubernetes-jobs-api';

/**
 * KubernetesJobsApi over @kubernetes/client-node, configured as kubectl would be: in-cluster
 * service account, else KUBECONFIG / ~/.kube/config. Loaded only when the Kubernetes launcher is
 * first used (the package is ESM, required through Node's require(esm)).
 */
export function clientNodeJobsApi(): KubernetesJobsApi {
  const config = new KubeConfig();
  config.loadFromDefault();
  const batch = config.makeApiClient(BatchV1Api);
  const core = config.makeApiClient(CoreV1Api);
  return {
    createJob: (namespace, body) => batch.createNamespacedJob({ namespace, body }),
    createSecret: async (namespace, body) => {
      await core.createNamespacedSecret({ namespace, body });
    },
    deleteJob: async (namespace, name) => {
      await batch.deleteNamespacedJob({ namespace, name, propagationPolicy: 'Background' });
    },
  };
}
