import { envSection } from '../env-section';
import { kubernetesName, positiveInteger, processUser, secondsList } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';
import {
  GATEHOUSE_JOB_LAUNCHER,
  GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
  type JobLauncherKind,
} from './webhooks.section';

const GATEHOUSE_DELIVERY_RETRY_SCHEDULE_DOC: VariableDoc = {
  description:
    'Seconds before each retry of a failed delivery; after the last, the delivery is dead-lettered.',
};
const GATEHOUSE_DELIVERY_TIMEOUT_MS_DOC: VariableDoc = {
  description: 'Timeout of one delivery attempt.',
};
const GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS_DOC: VariableDoc = {
  description:
    "Days a webhook's deliveries may keep failing before its owner is told again that it still fails (on its page, the settings home and by e-mail); the worker disables it after 5 days.",
};
const GATEHOUSE_DELIVERY_RETENTION_DAYS_DOC: VariableDoc = {
  description:
    'Days a finished delivery (with its attempts) stays in the activity history before it is pruned.',
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
  /** Days of failures after which the owner is told the webhook still fails. */
  failingNoticeDays: number;
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
    GATEHOUSE_JOB_LAUNCHER,
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
    GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS: documented(
      positiveInteger().default(3),
      GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS_DOC,
    ),
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
    failingNoticeDays: env.GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS,
  }),
);
