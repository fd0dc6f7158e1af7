import type { WebhookSnapshot } from './webhook-snapshot';

/** Reads webhooks from their table (owned by webhook-management; the worker only reads). */
export abstract class WebhookDirectory {
  /** Every webhook, disabled ones included: the start-up snapshot of the subscription index. */
  abstract loadAll(): Promise<WebhookSnapshot[]>;
  abstract load(webhookId: string): Promise<WebhookSnapshot | null>;
}
