import type { Transaction } from '@gatehouse/identity';

/** An account whose grace period ended. */
export interface DueAccount {
  id: string;
  username: string;
}

/** When accounts asked to be deleted are deleted (`users.deletion_due_at`). */
export abstract class AccountDeletionStore {
  abstract schedule(tx: Transaction, userId: string, dueAt: Date): Promise<void>;
  /**
   * Locks up to `limit` accounts due at `now`, skipping those another replica holds
   * (`FOR UPDATE SKIP LOCKED`): each is deleted once, by whoever locked it.
   */
  abstract claimDue(tx: Transaction, now: Date, limit: number): Promise<DueAccount[]>;
  /** Leaves a due account for later (it cannot be deleted yet). */
  abstract postpone(tx: Transaction, userId: string, until: Date): Promise<void>;
}
