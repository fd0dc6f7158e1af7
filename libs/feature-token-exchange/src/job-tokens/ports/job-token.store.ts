import type { PersonalTokenRecord, Transaction } from '@gatehouse/identity';
import type { OutboxMessage } from '@gatehouse/persistence';

/** Where a Job token is written: a fine-grained personal token of the webhook's owner. */
export abstract class JobTokenStore {
  /** Writes the token and its token.issued event (when there is one) in the caller's transaction. */
  abstract insert(
    tx: Transaction,
    row: PersonalTokenRecord,
    event: OutboxMessage | null,
  ): Promise<void>;
}
