import type { OutboxMessage } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';

/** Port: writes an event to the transactional outbox in the caller's transaction. */
export abstract class OutboxWriter {
  abstract append(manager: EntityManager, message: OutboxMessage): Promise<void>;
}
