import type { OutboxMessage } from '@gatehouse/persistence';
import type { Transaction } from './transaction';

/** Port: writes an event to the transactional outbox in the caller's transaction. */
export abstract class OutboxWriter {
  abstract append(tx: Transaction, message: OutboxMessage): Promise<void>;
}
