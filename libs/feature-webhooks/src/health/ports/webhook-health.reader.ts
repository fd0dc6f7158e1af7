import type { WebhookHealthRecord } from './webhook-health-record';

/** Reads the health the delivery worker stores for webhooks (table `webhook_health`), by owner only. */
export abstract class WebhookHealthReader {
  /** The owner's webhook with its health; null for another owner's or an unknown id. */
  abstract ofOwned(ownerId: string, webhookId: string): Promise<WebhookHealthRecord | null>;
  /** The owner's webhooks whose health is not `healthy`, longest failing first. */
  abstract listOwnedUnhealthy(ownerId: string): Promise<WebhookHealthRecord[]>;
}
