import { envSection } from '../env-section';
import { oneOf, positiveInteger, processUser, secondsList } from '../env-fields';

/**
 * `disabled` (the default) records every Job delivery as failed; `local` runs Jobs as processes on
 * the worker's host, for development only; `kubernetes` runs each as a Kubernetes Job.
 */
export const JOB_LAUNCHERS = ['disabled', 'local', 'kubernetes'] as const;
export type JobLauncherKind = (typeof JOB_LAUNCHERS)[number];

export interface DeliveryConfig {
  /** Delay before each retry, in seconds; one entry per retry, after which the delivery is dead-lettered. */
  retryScheduleSeconds: number[];
  timeoutMs: number;
  jobLauncher: JobLauncherKind;
  /** Who `local` Jobs run as when the worker runs as root. */
  localJobUser: { uid: number; gid: number };
  /** Days a finished delivery stays in the activity history before it is pruned. */
  retentionDays: number;
}

export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];

export const deliverySection = envSection(
  {
    GATEHOUSE_DELIVERY_RETRY_SCHEDULE: secondsList.default(DEFAULT_RETRY_SCHEDULE_SECONDS),
    GATEHOUSE_DELIVERY_TIMEOUT_MS: positiveInteger().default(15_000),
    GATEHOUSE_JOB_LAUNCHER: oneOf(JOB_LAUNCHERS).default('disabled'),
    GATEHOUSE_LOCAL_JOB_USER: processUser.default({ uid: 65_534, gid: 65_534 }),
    GATEHOUSE_DELIVERY_RETENTION_DAYS: positiveInteger().default(30),
  },
  (env): DeliveryConfig => ({
    retryScheduleSeconds: [...env.GATEHOUSE_DELIVERY_RETRY_SCHEDULE],
    timeoutMs: env.GATEHOUSE_DELIVERY_TIMEOUT_MS,
    jobLauncher: env.GATEHOUSE_JOB_LAUNCHER,
    localJobUser: { ...env.GATEHOUSE_LOCAL_JOB_USER },
    retentionDays: env.GATEHOUSE_DELIVERY_RETENTION_DAYS,
  }),
);
