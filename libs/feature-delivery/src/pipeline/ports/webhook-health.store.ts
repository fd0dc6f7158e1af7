import type { WebhookHealth, WebhookNoticeKind } from '@gatehouse/domain';

/** A change of a webhook's health, and the notice it raises for the owner (if any). */
export interface WebhookHealthChange {
  webhookId: string;
  /** The health the change was computed from: the write happens only if it is still stored. */
  expected: WebhookHealth;
  next: WebhookHealth;
  notice: WebhookNoticeKind | null;
  now: Date;
}

/**
 * The health of webhooks' endpoints as their owners are told (table `webhook_health`; no row is
 * healthy), written by the worker.
 */
export abstract class WebhookHealthStore {
  abstract read(webhookId: string): Promise<WebhookHealth>;

  /**
   * In one transaction, if the stored health is still `expected`: stores `next` and writes the
   * notice's `webhook.notice_raised` event to the outbox. False when another worker changed it
   * meanwhile, or the webhook is gone: nothing is written.
   */
  abstract write(change: WebhookHealthChange): Promise<boolean>;
}
