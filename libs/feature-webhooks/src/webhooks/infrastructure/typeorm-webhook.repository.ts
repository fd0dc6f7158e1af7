import { Inject, Injectable, Optional } from '@nestjs/common';
import type { OutboxRelay, OutgoingMessage } from '@gatehouse/messaging';
import { appendOutbox, WebhookEntity } from '@gatehouse/persistence';
import { OUTBOX_RELAY } from '@gatehouse/platform';
import { DataSource, EntityManager } from 'typeorm';
import type { StoredWebhook } from '../ports/stored-webhook';
import { WebhookRepository, type WebhookTransaction } from '../ports/webhook.repository';
import { webhookFromRow, webhookToRow } from './webhook-row-mapping';

class TypeOrmWebhookTransaction implements WebhookTransaction {
  constructor(private readonly manager: EntityManager) {}

  async lockOwner(ownerId: string): Promise<void> {
    // NO KEY UPDATE: serialises this owner's changes without blocking foreign-key checks on the user.
    await this.manager.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [ownerId]);
  }

  countOwned(ownerId: string): Promise<number> {
    return this.manager.countBy(WebhookEntity, { ownerUserId: ownerId });
  }

  async findOwnedForUpdate(ownerId: string, id: string): Promise<StoredWebhook | null> {
    const row = await this.manager.findOne(WebhookEntity, {
      where: { id, ownerUserId: ownerId },
      lock: { mode: 'pessimistic_write' },
    });
    return row ? webhookFromRow(row) : null;
  }

  async insert(webhook: StoredWebhook): Promise<void> {
    await this.manager.insert(WebhookEntity, webhookToRow(webhook));
  }

  async update(webhook: StoredWebhook): Promise<void> {
    const { id, ...changes } = webhookToRow(webhook);
    await this.manager.update(WebhookEntity, { id }, changes);
  }

  async delete(id: string): Promise<void> {
    await this.manager.delete(WebhookEntity, { id });
  }

  async clearHealth(id: string): Promise<void> {
    await this.manager.query('DELETE FROM webhook_health WHERE webhook_id = $1', [id]);
  }

  async publish(topic: string, message: OutgoingMessage): Promise<void> {
    await appendOutbox(this.manager, {
      topic,
      key: message.key,
      value: message.value,
      headers: message.headers,
    });
  }
}

/** Webhooks in PostgreSQL (or PGlite); events through the transactional outbox. */
@Injectable()
export class TypeOrmWebhookRepository extends WebhookRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Optional() @Inject(OUTBOX_RELAY) private readonly relay?: OutboxRelay,
  ) {
    super();
  }

  async listOwned(ownerId: string): Promise<StoredWebhook[]> {
    const rows = await this.dataSource.manager.find(WebhookEntity, {
      where: { ownerUserId: ownerId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(webhookFromRow);
  }

  async findOwned(ownerId: string, id: string): Promise<StoredWebhook | null> {
    const row = await this.dataSource.manager.findOneBy(WebhookEntity, {
      id,
      ownerUserId: ownerId,
    });
    return row ? webhookFromRow(row) : null;
  }

  async transaction<T>(work: (tx: WebhookTransaction) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction((manager) =>
      work(new TypeOrmWebhookTransaction(manager)),
    );
    // The relay (when this process runs one) publishes now rather than at its next poll.
    this.relay?.notify();
    return result;
  }
}
