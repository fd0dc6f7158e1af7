import type { WebhookSnapshot, WebhookSubscriptionRecord } from './webhook-snapshot';

/** Reads webhooks from their table (owned by webhook-management; the worker only reads). */
export abstract class WebhookDirectory {
  /**
   * What matching reads of every webhook, disabled ones included: the start-up snapshot of the
   * subscription index, a page at a time (the reader indexes each page before the next is read,
   * so the records of all webhooks are never held at once besides the index).
   */
  abstract loadPages(): AsyncIterable<readonly WebhookSubscriptionRecord[]>;
  /**
   * The rows of these webhooks, read in full in one statement; a webhook without a row (deleted)
   * is left out.
   */
  abstract load(webhookIds: readonly string[]): Promise<WebhookSnapshot[]>;
  /** Id and revision of the rows whose `updated_at` is after `since` (deleted rows are not there). */
  abstract revisionsChangedSince(since: Date): Promise<Array<{ id: string; revision: number }>>;
}
