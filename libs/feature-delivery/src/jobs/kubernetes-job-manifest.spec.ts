import { JobLaunchError, JobLaunchRequest } from './ports/job-launcher';
import { buildKubernetesJob, kubernetesJobName, ownedBy } from './kubernetes-job-manifest';

const request: JobLaunchRequest = {
  deliveryId: '65f0a0b0c0d0e0f000000001',
  webhookId: '65f0a0b0c0d0e0f000000002',
  attemptNo: 2,
  spec: {
    dockerImage: 'python:3.12',
    command: ['python', '-c'],
    arguments: ['print(1)'],
    environment: { MODE: 'fast' },
    timeoutSeconds: 600,
    labels: { team: 'ml', 'bad label!': 'x', 'gatehouse.dev/webhook-id': 'spoof' },
  },
  environment: {
    MODE: 'fast',
    WEBHOOK_PAYLOAD: '{}',
    WEBHOOK_REPO_ID: 'r1',
    WEBHOOK_REPO_TYPE: 'model',
  },
  secretEnvironment: { WEBHOOK_SECRET: 's', HF_TOKEN: 't' },
};

const settings = {
  namespace: 'webhook-jobs',
  ttlSecondsAfterFinished: 3600,
  serviceAccountName: 'webhook-job',
};

describe('buildKubernetesJob', () => {
  it('builds a batch/v1 Job that reads its secrets from a Secret of its own', () => {
    const labels = {
      team: 'ml',
      'app.kubernetes.io/managed-by': 'gatehouse',
      'app.kubernetes.io/component': 'webhook-job',
      'gatehouse.dev/webhook-id': '65f0a0b0c0d0e0f000000002',
      'gatehouse.dev/delivery-id': '65f0a0b0c0d0e0f000000001',
    };
    const { job, secret } = buildKubernetesJob(request, settings);
    expect(job).toEqual({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name: 'gatehouse-webhook-65f0a0b0c0d0e0f000000001-2',
        namespace: 'webhook-jobs',
        labels,
        annotations: { 'gatehouse.dev/attempt': '2' },
      },
      spec: {
        backoffLimit: 0,
        ttlSecondsAfterFinished: 3600,
        activeDeadlineSeconds: 600,
        template: {
          metadata: { labels },
          spec: {
            restartPolicy: 'Never',
            automountServiceAccountToken: false,
            serviceAccountName: 'webhook-job',
            containers: [
              {
                name: 'job',
                image: 'python:3.12',
                command: ['python', '-c'],
                args: ['print(1)'],
                env: [
                  { name: 'MODE', value: 'fast' },
                  { name: 'WEBHOOK_PAYLOAD', value: '{}' },
                  { name: 'WEBHOOK_REPO_ID', value: 'r1' },
                  { name: 'WEBHOOK_REPO_TYPE', value: 'model' },
                ],
                envFrom: [
                  { secretRef: { name: 'gatehouse-webhook-65f0a0b0c0d0e0f000000001-2-env' } },
                ],
              },
            ],
          },
        },
      },
    });
    expect(secret).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: 'gatehouse-webhook-65f0a0b0c0d0e0f000000001-2-env',
        namespace: 'webhook-jobs',
        labels,
      },
      type: 'Opaque',
      stringData: { WEBHOOK_SECRET: 's', HF_TOKEN: 't' },
    });
    expect(JSON.stringify(job)).not.toContain('"s"');
  });

  it('makes no Secret when there is nothing secret', () => {
    const { job, secret } = buildKubernetesJob({ ...request, secretEnvironment: {} }, settings);
    expect(secret).toBeNull();
    expect(job.spec!.template.spec!.containers[0]!.envFrom).toBeUndefined();
  });

  it('refuses a Job without an image unless a default is configured', () => {
    const spaceJob = {
      ...request,
      spec: { ...request.spec, dockerImage: null, spaceId: 'acme/space' },
    };
    expect(() => buildKubernetesJob(spaceJob, settings)).toThrow(JobLaunchError);
    expect(
      buildKubernetesJob(spaceJob, { ...settings, defaultImage: 'ghcr.io/acme/runner:1' }).job.spec!
        .template.spec!.containers[0]!.image,
    ).toBe('ghcr.io/acme/runner:1');
  });

  it('names the Job within the 63-character limit and ties the Secret to it', () => {
    expect(kubernetesJobName('ffffffffffffffffffffffff', 8).length).toBeLessThanOrEqual(63);
    const { secret } = buildKubernetesJob(request, settings);
    expect(
      ownedBy(secret!, { metadata: { name: 'j', uid: 'u-1' } }).metadata!.ownerReferences,
    ).toEqual([
      {
        apiVersion: 'batch/v1',
        kind: 'Job',
        name: 'j',
        uid: 'u-1',
        controller: false,
        blockOwnerDeletion: false,
      },
    ]);
  });
});
