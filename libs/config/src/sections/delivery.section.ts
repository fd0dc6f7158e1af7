import { envSection } from '../env-section';
import { kubernetesName, oneOf, positiveInteger, processUser, secondsList } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';
import { GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT } from './webhooks.section';

const GATEHOUSE_DELIVERY_RETRY_SCHEDULE_DOC: VariableDoc = {
  description:
    'Seconds before each retry of a failed delivery; after the last, the delivery is dead-lettered.',
};
const GATEHOUSE_DELIVERY_TIMEOUT_MS_DOC: VariableDoc = {
  description: 'Timeout of one delivery attempt.',
};
const GATEHOUSE_DELIVERY_RETENTION_DAYS_DOC: VariableDoc = {
  description:
    'Days a finished delivery (with its attempts) stays in the activity history before it is pruned.',
};
const GATEHOUSE_JOB_LAUNCHER_DOC: VariableDoc = {
  description:
    "How Job webhooks start Jobs: `disabled` (each Job delivery fails with a clear error), `kubernetes` (a Kubernetes Job), or `local` (a child process on the worker's host; development only, logs a warning at start).",
};
const GATEHOUSE_KUBERNETES_JOB_NAMESPACE_DOC: VariableDoc = {
  description:
    'Namespace the `kubernetes` launcher creates Jobs (and their Secrets) in: one of their own, isolated from the services (k8s/README.md "Job webhooks"). The worker\'s Role must be bound there.',
  shownDefault: "the worker's own namespace",
};
const GATEHOUSE_LOCAL_JOB_USER_DOC: VariableDoc = {
  description:
    '`uid:gid` that `local` Jobs run as when the worker runs as root (never root itself); default `nobody:nogroup`.',
  shownDefault: '65534:65534',
};

/**
 * `disabled` (the default) records every Job delivery as failed; `local` runs Jobs as processes on
 * the worker's host, for development only; `kubernetes` runs each as a Kubernetes Job.
 */
const JOB_LAUNCHERS = ['disabled', 'local', 'kubernetes'] as const;
type JobLauncherKind = (typeof JOB_LAUNCHERS)[number];

export interface DeliveryConfig {
  /** Delay before each retry, in seconds; one entry per retry, after which the delivery is dead-lettered. */
  retryScheduleSeconds: number[];
  timeoutMs: number;
  jobLauncher: JobLauncherKind;
  /** Where `kubernetes` Jobs go; the worker's own namespace when unset. */
  kubernetesJobNamespace?: string;
  /** Who `local` Jobs run as when the worker runs as root. */
  localJobUser: { uid: number; gid: number };
  /** Days a finished delivery stays in the activity history before it is pruned. */
  retentionDays: number;
  /** Deliveries one webhook may trigger per UTC day. */
  dailyTriggerLimit: number;
}

/** Svix's schedule: 8 attempts over about 27.6 hours (the jitter is libs/domain's). */
const DEFAULT_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000];

export const deliverySection = envSection(
  {
    GATEHOUSE_DELIVERY_RETRY_SCHEDULE: documented(
      secondsList.default(DEFAULT_RETRY_SCHEDULE_SECONDS),
      GATEHOUSE_DELIVERY_RETRY_SCHEDULE_DOC,
    ),
    GATEHOUSE_DELIVERY_TIMEOUT_MS: documented(
      positiveInteger().default(15_000),
      GATEHOUSE_DELIVERY_TIMEOUT_MS_DOC,
    ),
    GATEHOUSE_JOB_LAUNCHER: documented(
      oneOf(JOB_LAUNCHERS).default('disabled'),
      GATEHOUSE_JOB_LAUNCHER_DOC,
    ),
    GATEHOUSE_KUBERNETES_JOB_NAMESPACE: documented(
      kubernetesName.optional(),
      GATEHOUSE_KUBERNETES_JOB_NAMESPACE_DOC,
    ),
    GATEHOUSE_LOCAL_JOB_USER: documented(
      processUser.default({ uid: 65_534, gid: 65_534 }),
      GATEHOUSE_LOCAL_JOB_USER_DOC,
    ),
    GATEHOUSE_DELIVERY_RETENTION_DAYS: documented(
      positiveInteger().default(30),
      GATEHOUSE_DELIVERY_RETENTION_DAYS_DOC,
    ),
    GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
  },
  (env): DeliveryConfig => ({
    retryScheduleSeconds: [...env.GATEHOUSE_DELIVERY_RETRY_SCHEDULE],
    timeoutMs: env.GATEHOUSE_DELIVERY_TIMEOUT_MS,
    jobLauncher: env.GATEHOUSE_JOB_LAUNCHER,
    ...(env.GATEHOUSE_KUBERNETES_JOB_NAMESPACE
      ? { kubernetesJobNamespace: env.GATEHOUSE_KUBERNETES_JOB_NAMESPACE }
      : {}),
    localJobUser: { ...env.GATEHOUSE_LOCAL_JOB_USER },
    retentionDays: env.GATEHOUSE_DELIVERY_RETENTION_DAYS,
    dailyTriggerLimit: env.GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
  }),
);
