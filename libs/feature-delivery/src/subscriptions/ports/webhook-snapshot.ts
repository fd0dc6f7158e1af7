import type { JobSpecRecord, Subscription, WebhookSettings } from '@gatehouse/domain';

type DeliveryTarget = { kind: 'url'; url: string } | { kind: 'job'; spec: JobSpecRecord };

/**
 * What the worker holds of one webhook: its settings (it matches on `watched` and `domains`) plus what it needs
 * to deliver (target, sealed secrets), read from the `webhooks` table. Secrets stay sealed in
 * memory and are opened per attempt.
 */
export interface WebhookSnapshot extends WebhookSettings {
  id: string;
  ownerId: string;
  disabled: boolean;
  revision: number;
  target: DeliveryTarget;
  sealedSecret: string | null;
  /**
   * The secret a rotation replaced and the end of its overlap: until then deliveries carry it in
   * `x-webhook-secret` and sign with both (`deliveryHeaders`). Absent outside an overlap.
   */
  previousSecret?: { sealed: string; until: Date };
  /** Job secret name -> sealed value. */
  sealedJobSecrets: Record<string, string>;
}

/** An entry of the worker's SubscriptionIndex. */
export interface DeliverySubscription extends Subscription {
  webhook: WebhookSnapshot;
}

export function subscriptionOf(webhook: WebhookSnapshot): DeliverySubscription {
  return {
    webhookId: webhook.id,
    ownerId: webhook.ownerId,
    watched: webhook.watched,
    domains: webhook.domains,
    disabled: webhook.disabled,
    revision: webhook.revision,
    webhook,
  };
}
