import { envSection } from '../env-section';
import { oneOf, positiveInteger } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_WEBHOOKS_PER_USER_DOC: VariableDoc = {
  description: 'Maximum number of webhooks per user.',
};
const GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT_DOC: VariableDoc = {
  description: 'Deliveries one webhook may trigger per day.',
};

/**
 * Read by webhook-management (the usage the activity view reports) and by the delivery worker
 * (which enforces it): declared once, in both apps' sections, so the README lists exactly those.
 */
export const GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT = documented(
  positiveInteger().default(1000),
  GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT_DOC,
);

const GATEHOUSE_JOB_LAUNCHER_DOC: VariableDoc = {
  description:
    "How Job webhooks start Jobs: `disabled` (each Job delivery fails with a clear error), `kubernetes` (a Kubernetes Job), or `local` (a child process on the worker's host; development only, logs a warning at start).",
};
/**
 * `disabled` (the default) records every Job delivery as failed; `local` runs Jobs as processes on
 * the worker's host, for development only; `kubernetes` runs each as a Kubernetes Job.
 */
const JOB_LAUNCHERS = ['disabled', 'local', 'kubernetes'] as const;
export type JobLauncherKind = (typeof JOB_LAUNCHERS)[number];

/**
 * Read by the delivery worker (which starts Jobs with it) and by webhook-management (whose form
 * says Jobs are disabled on this server when it is `disabled`): declared once, in both sections.
 */
export const GATEHOUSE_JOB_LAUNCHER = documented(
  oneOf(JOB_LAUNCHERS).default('disabled'),
  GATEHOUSE_JOB_LAUNCHER_DOC,
);

export interface WebhooksConfig {
  maxWebhooksPerUser: number;
  /** Deliveries one webhook may trigger per UTC day. */
  dailyTriggerLimit: number;
  /** Whether the delivery worker starts Jobs (GATEHOUSE_JOB_LAUNCHER is not `disabled`). */
  jobsEnabled: boolean;
}

/** The management API's settings of webhooks (webhook-management and the all-in-one). */
export const webhooksSection = envSection(
  {
    GATEHOUSE_WEBHOOKS_PER_USER: documented(
      positiveInteger().default(100),
      GATEHOUSE_WEBHOOKS_PER_USER_DOC,
    ),
    GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
    GATEHOUSE_JOB_LAUNCHER,
  },
  (env): WebhooksConfig => ({
    maxWebhooksPerUser: env.GATEHOUSE_WEBHOOKS_PER_USER,
    dailyTriggerLimit: env.GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
    jobsEnabled: env.GATEHOUSE_JOB_LAUNCHER !== 'disabled',
  }),
);
