import { envSection } from '../env-section';
import { positiveInteger } from '../env-fields';
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

export interface WebhooksConfig {
  maxWebhooksPerUser: number;
  /** Deliveries one webhook may trigger per UTC day. */
  dailyTriggerLimit: number;
}

/** The management API's settings of webhooks (webhook-management and the all-in-one). */
export const webhooksSection = envSection(
  {
    GATEHOUSE_WEBHOOKS_PER_USER: documented(
      positiveInteger().default(100),
      GATEHOUSE_WEBHOOKS_PER_USER_DOC,
    ),
    GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
  },
  (env): WebhooksConfig => ({
    maxWebhooksPerUser: env.GATEHOUSE_WEBHOOKS_PER_USER,
    dailyTriggerLimit: env.GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
  }),
);
