import {
  JobLauncher,
  JobLaunchError,
  type JobLaunchRequest,
  type LaunchedJob,
} from './ports/job-launcher';

/**
 * `GATEHOUSE_JOB_LAUNCHER=disabled`, the default: no Job is ever started, and each Job delivery
 * fails at once with a message saying so (a retry could not help), visible in the webhook's
 * activity. For deployments with nowhere isolated to run Jobs, such as docker-compose.yml.
 */
export class DisabledJobLauncher extends JobLauncher {
  readonly name = 'disabled';

  launch(_request: JobLaunchRequest): Promise<LaunchedJob> {
    return Promise.reject(
      new JobLaunchError(
        'Job webhooks are disabled on this server (GATEHOUSE_JOB_LAUNCHER=disabled)',
        true,
      ),
    );
  }
}
