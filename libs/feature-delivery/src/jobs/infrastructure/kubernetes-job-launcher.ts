import { JobLauncher, JobLaunchError, JobLaunchRequest, LaunchedJob } from '../ports/job-launcher';
import {
  DEFAULT_KUBERNETES_JOB_SETTINGS,
  KubernetesJobSettings,
  buildKubernetesJob,
  ownedBy,
} from '../kubernetes-job-manifest';
import { KubernetesJobsApi, kubernetesStatusOf } from '../ports/kubernetes-jobs-api';

const CONFLICT = 409;

/**
 * Starts a Job webhook's delivery as a Kubernetes `batch/v1` Job. The Job is
 * named after the delivery attempt, so a retry after a crash that already created it finds it
 * (409) and counts it as started instead of starting a second one. The run itself is followed by
 * Kubernetes, not by the worker: its `job_runs` row says `created`.
 */
export class KubernetesJobLauncher extends JobLauncher {
  readonly name = 'kubernetes';
  private api?: Promise<KubernetesJobsApi>;

  constructor(
    private readonly apiFactory: () => KubernetesJobsApi | Promise<KubernetesJobsApi> = defaultApi,
    private readonly settings: KubernetesJobSettings = DEFAULT_KUBERNETES_JOB_SETTINGS,
  ) {
    super();
  }

  async launch(request: JobLaunchRequest): Promise<LaunchedJob> {
    const { job, secret } = buildKubernetesJob(request, this.settings);
    const api = await (this.api ??= Promise.resolve(this.apiFactory()));
    const { namespace } = this.settings;
    const name = job.metadata!.name!;
    let created = job;
    try {
      created = await api.createJob(namespace, job);
    } catch (error) {
      if (kubernetesStatusOf(error) !== CONFLICT)
        throw launchError('creating the Job failed', error);
    }
    if (secret) {
      try {
        await api.createSecret(namespace, ownedBy(secret, created));
      } catch (error) {
        if (kubernetesStatusOf(error) !== CONFLICT) {
          // The pod would wait for its Secret forever: take the Job back and let the attempt be retried.
          await api.deleteJob(namespace, name).catch(() => undefined);
          throw launchError('creating the Job secret failed', error, false);
        }
      }
    }
    return { launcher: this.name, externalId: `${namespace}/${name}` };
  }
}

/** 4xx other than 408/429 means the cluster refuses this Job as it is; anything else may pass later. */
function launchError(what: string, error: unknown, mayBePermanent = true): JobLaunchError {
  const status = kubernetesStatusOf(error);
  const permanent =
    mayBePermanent &&
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    status !== 408 &&
    status !== 429;
  return new JobLaunchError(`${what}${status ? ` (HTTP ${status})` : ''}`, permanent);
}

async function defaultApi(): Promise<KubernetesJobsApi> {
  const { clientNodeJobsApi } = await import('./client-node-kubernetes-jobs-api');
  return clientNodeJobsApi();
}
