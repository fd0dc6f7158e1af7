import type { WebhookHealth } from '@gatehouse/domain';

/** A webhook as its health is shown: its target, whether it is disabled, and its stored health. */
export interface WebhookHealthRecord {
  webhookId: string;
  url: string | null;
  jobSourceId: string | null;
  disabled: boolean;
  /** HEALTHY_WEBHOOK when nothing is stored. */
  health: WebhookHealth;
}
