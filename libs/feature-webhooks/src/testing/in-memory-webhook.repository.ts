import type { OutgoingMessage } from '@gatehouse/messaging';
import type { StoredWebhook } from '../webhooks/ports/stored-webhook';
import { WebhookRepository, type WebhookTransaction } from '../webhooks/ports/webhook.repository';

export interface PublishedMessage extends OutgoingMessage {
  topic: string;
}

const copy = (webhook: StoredWebhook): StoredWebhook => structuredClone(webhook);

/** Webhooks in a map; a transaction that throws leaves the map and the outbox as they were. */
export class InMemoryWebhookRepository extends WebhookRepository {
  readonly rows = new Map<string, StoredWebhook>();
  /** Committed outbox messages, in order. */
  readonly outbox: PublishedMessage[] = [];
  transactions = 0;
  /** The webhooks whose health a committed transaction cleared. */
  readonly healthCleared: string[] = [];

  async listOwned(ownerId: string): Promise<StoredWebhook[]> {
    return [...this.rows.values()]
      .filter((row) => row.ownerId === ownerId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map(copy);
  }

  async findOwned(ownerId: string, id: string): Promise<StoredWebhook | null> {
    const row = this.rows.get(id);
    return row && row.ownerId === ownerId ? copy(row) : null;
  }

  async transaction<T>(work: (tx: WebhookTransaction) => Promise<T>): Promise<T> {
    const rows = new Map([...this.rows].map(([id, row]) => [id, copy(row)]));
    const outbox: PublishedMessage[] = [];
    const healthCleared: string[] = [];
    const tx: WebhookTransaction = {
      lockOwner: async () => undefined,
      countOwned: async (ownerId) =>
        [...rows.values()].filter((row) => row.ownerId === ownerId).length,
      findOwnedForUpdate: async (ownerId, id) => {
        const row = rows.get(id);
        return row && row.ownerId === ownerId ? copy(row) : null;
      },
      insert: async (webhook) => {
        if (rows.has(webhook.id)) throw new Error(`duplicate webhook id ${webhook.id}`);
        rows.set(webhook.id, copy(webhook));
      },
      update: async (webhook) => {
        if (!rows.has(webhook.id)) throw new Error(`no webhook ${webhook.id}`);
        rows.set(webhook.id, copy(webhook));
      },
      delete: async (id) => void rows.delete(id),
      clearHealth: async (id) => void healthCleared.push(id),
      publish: async (topic, message) => void outbox.push({ topic, ...message }),
    };
    const result = await work(tx);
    this.rows.clear();
    for (const [id, row] of rows) this.rows.set(id, row);
    this.outbox.push(...outbox);
    this.healthCleared.push(...healthCleared);
    this.transactions++;
    return result;
  }

  /** The JSON envelopes written to `topic`. */
  envelopes(topic: string): Array<{
    id: string;
    type: string;
    version: number;
    time: string;
    data: Record<string, unknown>;
  }> {
    return this.outbox
      .filter((message) => message.topic === topic)
      .map((message) => JSON.parse(message.value));
  }
}
