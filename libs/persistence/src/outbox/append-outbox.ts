import { EntityManager } from 'typeorm';
import { OutboxMessageEntity } from '../entities/outbox/outbox-message.entity';

export interface OutboxMessage {
  topic: string;
  key: string;
  value: string;
  headers?: Record<string, string>;
}

/**
 * Writes an event to the outbox inside the caller's transaction, so the event exists if and
 * only if the change it announces was committed. Refuses a manager outside a transaction.
 */
export async function appendOutbox(manager: EntityManager, message: OutboxMessage): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(
      'appendOutbox must run inside a transaction (pass the manager given by DataSource.transaction)',
    );
  }
  await manager.insert(OutboxMessageEntity, {
    topic: message.topic,
    key: message.key,
    value: message.value,
    headers: message.headers ?? {},
  });
}
