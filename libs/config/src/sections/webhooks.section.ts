import { envSection } from '../env-section';
import { positiveInteger } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_WEBHOOKS_PER_USER_DOC: VariableDoc = {
  description: 'Maximum number of webhooks per user.',
};
const GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT_DOC: VariableDoc = {
  description: 'Deliveries one webhook may trigger per day.',
};

export interface WebhooksConfig {
  maxWebhooksPerUser: number;
  /** Deliveries one webhook may trigger per UTC day. */
  dailyTriggerLimit: number;
}

export const webhooksSection = envSection(
  {
    GATEHOUSE_WEBHOOKS_PER_USER: documented(
      positiveInteger().default(100),
      GATEHOUSE_WEBHOOKS_PER_USER_DOC,
    ),
    GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT: documented(
      positiveInteger().default(1000),
      GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT_DOC,
    ),
  },
  (env): WebhooksConfig => ({
    maxWebhooksPerUser: env.GATEHOUSE_WEBHOOKS_PER_USER,
    dailyTriggerLimit: env.GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT,
  }),
);
