import type { Logger } from 'pino';
import { DisabledJobLauncher } from './disabled-job-launcher';
import { JobLauncher } from './ports/job-launcher';
import { KubernetesJobLauncher } from './infrastructure/kubernetes-job-launcher';
import type { KubernetesJobSettings } from './kubernetes-job-manifest';
import { LocalProcessJobLauncher, runsAsRoot } from './infrastructure/local-process-job-launcher';

export type JobLauncherChoice = 'disabled' | 'local' | 'kubernetes' | JobLauncher;

export interface JobLauncherSettings {
  jobLauncher: JobLauncherChoice;
  localJobUser: { uid: number; gid: number };
  kubernetes: KubernetesJobSettings;
}

/**
 * The launcher GATEHOUSE_JOB_LAUNCHER names. `local` says at start, as a warning, that Jobs run on
 * this host, since a Job there shares the worker's network and file system whoever it runs as
 * (docs/security.md "Delivery, Jobs, outbound requests and audit").
 */
export function configuredJobLauncher(
  settings: JobLauncherSettings,
  logger: Pick<Logger, 'info' | 'warn'>,
): JobLauncher {
  const choice = settings.jobLauncher;
  if (typeof choice !== 'string') return choice;
  switch (choice) {
    case 'kubernetes':
      return new KubernetesJobLauncher(undefined, settings.kubernetes);
    case 'disabled':
      logger.info({ jobLauncher: choice }, 'Job webhooks are disabled: their deliveries fail');
      return new DisabledJobLauncher();
    case 'local': {
      const { uid, gid } = settings.localJobUser;
      logger.warn(
        { jobLauncher: choice, runsJobsAs: runsAsRoot() ? `${uid}:${gid}` : 'this worker itself' },
        'Job webhooks run as processes on this host (GATEHOUSE_JOB_LAUNCHER=local): for development only; use kubernetes, or disabled, anywhere else',
      );
      return new LocalProcessJobLauncher({ user: settings.localJobUser });
    }
  }
}
