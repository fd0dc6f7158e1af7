import type { OutgoingMessage } from '@gatehouse/messaging';
import type { StoredWebhook } from './stored-webhook';

/** The writes of one change, committed together or not at all. */
export interface WebhookTransaction {
  /** Serialises changes of one owner's webhooks until commit, so the per-user limit holds under concurrent creates. */
  lockOwner(ownerId: string): Promise<void>;
  countOwned(ownerId: string): Promise<number>;
  /** The owner's webhook, locked until commit; null for another owner's or an unknown id. */
  findOwnedForUpdate(ownerId: string, id: string): Promise<StoredWebhook | null>;
  insert(webhook: StoredWebhook): Promise<void>;
  update(webhook: StoredWebhook): Promise<void>;
  /** Deletes the webhook; its delivery records go with it. */
  delete(id: string): Promise<void>;
  /** Forgets the health the delivery worker stored for the webhook (it is enabled again). */
  clearHealth(id: string): Promise<void>;
  /** Writes an event to the outbox: it is published if and only if this transaction commits. */
  publish(topic: string, message: OutgoingMessage): Promise<void>;
}

/** Where webhooks are kept (table `webhooks`). Every read is by owner: another user's webhook is never found. */
export abstract class WebhookRepository {
  /** The owner's webhooks, oldest first. */
  abstract listOwned(ownerId: string): Promise<StoredWebhook[]>;
  abstract findOwned(ownerId: string, id: string): Promise<StoredWebhook | null>;
  abstract transaction<T>(work: (tx: WebhookTransaction) => Promise<T>): Promise<T>;
}
