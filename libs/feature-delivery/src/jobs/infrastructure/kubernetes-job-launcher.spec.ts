import type { V1Job, V1Secret } from '@kubernetes/client-node';
import { JobLaunchError, JobLaunchRequest } from '../ports/job-launcher';
import { KubernetesJobLauncher } from './kubernetes-job-launcher';
import { KubernetesJobsApi } from '../ports/kubernetes-jobs-api';

const request: JobLaunchRequest = {
  deliveryId: '65f0a0b0c0d0e0f000000001',
  webhookId: '65f0a0b0c0d0e0f000000002',
  attemptNo: 1,
  spec: { dockerImage: 'python:3.12', command: ['python', 'run.py'] },
  environment: { WEBHOOK_PAYLOAD: '{}', WEBHOOK_REPO_ID: 'r', WEBHOOK_REPO_TYPE: 'model' },
  secretEnvironment: { WEBHOOK_SECRET: 's' },
};

const httpError = (code: number) => Object.assign(new Error(`HTTP ${code}`), { code });

class FakeKubernetes implements KubernetesJobsApi {
  jobs: V1Job[] = [];
  secrets: V1Secret[] = [];
  deleted: string[] = [];
  jobFailure?: Error;
  secretFailure?: Error;

  async createJob(_namespace: string, job: V1Job): Promise<V1Job> {
    if (this.jobFailure) throw this.jobFailure;
    this.jobs.push(job);
    return { ...job, metadata: { ...job.metadata, uid: 'uid-1' } };
  }
  async createSecret(_namespace: string, secret: V1Secret): Promise<void> {
    if (this.secretFailure) throw this.secretFailure;
    this.secrets.push(secret);
  }
  async deleteJob(namespace: string, name: string): Promise<void> {
    this.deleted.push(`${namespace}/${name}`);
  }
}

const settings = { namespace: 'jobs', ttlSecondsAfterFinished: 60 };

describe('KubernetesJobLauncher', () => {
  it('creates the Job, then its Secret owned by it', async () => {
    const api = new FakeKubernetes();
    const launched = await new KubernetesJobLauncher(() => api, settings).launch(request);
    expect(launched).toEqual({
      launcher: 'kubernetes',
      externalId: 'jobs/gatehouse-webhook-65f0a0b0c0d0e0f000000001-1',
    });
    expect(api.jobs).toHaveLength(1);
    expect(api.secrets[0]!.metadata!.ownerReferences![0]).toMatchObject({
      kind: 'Job',
      uid: 'uid-1',
    });
  });

  it('counts a Job that already exists (a retry after a crash) as started', async () => {
    const api = new FakeKubernetes();
    api.jobFailure = httpError(409);
    await expect(
      new KubernetesJobLauncher(() => api, settings).launch(request),
    ).resolves.toMatchObject({ launcher: 'kubernetes' });
  });

  it('refusals of the Job are permanent, server trouble is not', async () => {
    const api = new FakeKubernetes();
    api.jobFailure = httpError(422);
    await expect(new KubernetesJobLauncher(() => api, settings).launch(request)).rejects.toEqual(
      new JobLaunchError('creating the Job failed (HTTP 422)', true),
    );
    api.jobFailure = httpError(503);
    await expect(
      new KubernetesJobLauncher(() => api, settings).launch(request),
    ).rejects.toMatchObject({ permanent: false });
  });

  it('takes the Job back when its Secret cannot be created', async () => {
    const api = new FakeKubernetes();
    api.secretFailure = httpError(500);
    await expect(
      new KubernetesJobLauncher(() => api, settings).launch(request),
    ).rejects.toMatchObject({
      message: 'creating the Job secret failed (HTTP 500)',
      permanent: false,
    });
    expect(api.deleted).toEqual(['jobs/gatehouse-webhook-65f0a0b0c0d0e0f000000001-1']);
  });
});
