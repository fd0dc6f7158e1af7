import { envSection } from '../env-section';
import { positiveInteger } from '../env-fields';

export interface WebhooksConfig {
  maxWebhooksPerUser: number;
  /** Deliveries one webhook may trigger per UTC day. */
  dailyTriggerLimit: number;
}

export const webhooksSection = envSection(
  {
    GATEHOUSE_WEBHOOKS_PER_USER: positiveInteger().default(100),
    GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT: positiveInteger().default(1000),
  },
  (env): WebhooksConfig => ({
    maxWebhooksPerUser: env.GATEHOUSE_WEBHOOKS_PER_USER,
    dailyTriggerLimit: env.GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
  }),
);
