import { loadDeliveryWorkerConfig } from '@gatehouse/config';
import { deliveryModuleOptionsOf, resolveDeliveryOptions } from './delivery-module-options';
import { inClusterNamespace } from './jobs/kubernetes-namespace';

const WORKER_ENV = {
  GATEHOUSE_PUBLIC_URL: 'https://hub.example.com',
  DATABASE_URL: 'postgres://db/gatehouse',
  REDIS_URL: 'redis://redis:6379',
  KAFKA_BROKERS: 'kafka:9092',
  GATEHOUSE_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  GATEHOUSE_JOB_LAUNCHER: 'kubernetes',
};

const kubernetesJobsOf = (env: Record<string, string>) => {
  const config = loadDeliveryWorkerConfig({ ...WORKER_ENV, ...env });
  return resolveDeliveryOptions(deliveryModuleOptionsOf(config, config.secrets.encryptionKey))
    .kubernetes;
};

describe('the Kubernetes Job launcher settings from the configuration', () => {
  it('create Jobs in GATEHOUSE_KUBERNETES_JOB_NAMESPACE', () => {
    expect(kubernetesJobsOf({ GATEHOUSE_KUBERNETES_JOB_NAMESPACE: 'gatehouse-jobs' })).toEqual({
      namespace: 'gatehouse-jobs',
      ttlSecondsAfterFinished: 86_400,
    });
  });

  it("fall back to the worker's own namespace (default outside a cluster)", () => {
    expect(kubernetesJobsOf({}).namespace).toBe(inClusterNamespace() ?? 'default');
  });
});
