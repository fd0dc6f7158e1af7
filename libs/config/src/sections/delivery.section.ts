import { envSection } from '../env-section';
import { oneOf, positiveInteger, secondsList } from '../env-fields';

export const JOB_LAUNCHERS = ['local', 'kubernetes'] as const;
export type JobLauncherKind = (typeof JOB_LAUNCHERS)[number];

export interface DeliveryConfig {
  /** Delay before each retry, in seconds; one entry per retry, after which the delivery is dead-lettered. */
  retryScheduleSeconds: number[];
  timeoutMs: number;
  jobLauncher: JobLauncherKind;
}

export const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];

export const deliverySection = envSection(
  {
    GATEHOUSE_DELIVERY_RETRY_SCHEDULE: secondsList.default(DEFAULT_RETRY_SCHEDULE_SECONDS),
    GATEHOUSE_DELIVERY_TIMEOUT_MS: positiveInteger().default(15_000),
    GATEHOUSE_JOB_LAUNCHER: oneOf(JOB_LAUNCHERS).default('local'),
  },
  (env): DeliveryConfig => ({
    retryScheduleSeconds: [...env.GATEHOUSE_DELIVERY_RETRY_SCHEDULE],
    timeoutMs: env.GATEHOUSE_DELIVERY_TIMEOUT_MS,
    jobLauncher: env.GATEHOUSE_JOB_LAUNCHER,
  }),
);
