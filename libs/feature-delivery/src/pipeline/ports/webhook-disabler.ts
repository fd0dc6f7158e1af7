import type { WebhookSnapshot } from '../../subscriptions/ports/webhook-snapshot';

/** Disables a webhook from the worker's side (auto-disable), announcing it like webhook-management does. */
export abstract class WebhookDisabler {
  /**
   * In one transaction: `disabled = true` with the reason and a new revision, a webhook.changed
   * event in the outbox, and its pending deliveries cancelled. Null when it was already disabled
   * or is gone.
   */
  abstract disable(webhookId: string, reason: string, now: Date): Promise<WebhookSnapshot | null>;
}
