import type { JobSpecRecord, SubscriptionState, WebhookSettings } from '@gatehouse/domain';

type DeliveryTarget = { kind: 'url'; url: string } | { kind: 'job'; spec: JobSpecRecord };

/**
 * One webhook read in full from the `webhooks` table: its settings plus what the worker needs to
 * deliver (target, sealed secrets). The worker keeps these only for the webhooks it delivered to
 * most recently (SubscriptionRegistry). Secrets stay sealed in memory and are opened per attempt.
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

/**
 * What the worker holds of every webhook, and what the directory reads of all of them at start:
 * what matching reads, and the kind of target. The rest (URL or Job, secrets) is read when an
 * event matches (SubscriptionRegistry.deliverable), so 100,000 webhooks cost their matching keys,
 * not their rows.
 */
export interface WebhookSubscriptionRecord {
  id: string;
  ownerId: string;
  watched: WebhookSettings['watched'];
  domains: WebhookSettings['domains'];
  disabled: boolean;
  revision: number;
  targetKind: DeliveryTarget['kind'];
}

/** A webhook an event matches in the worker's SubscriptionIndex. */
export interface DeliverySubscription extends SubscriptionState {
  targetKind: DeliveryTarget['kind'];
}

/** The record of a webhook read in full (a change, an attempt's read, the worker's own disable). */
export function recordOf(webhook: WebhookSnapshot): WebhookSubscriptionRecord {
  return {
    id: webhook.id,
    ownerId: webhook.ownerId,
    watched: webhook.watched,
    domains: webhook.domains,
    disabled: webhook.disabled,
    revision: webhook.revision,
    targetKind: webhook.target.kind,
  };
}
