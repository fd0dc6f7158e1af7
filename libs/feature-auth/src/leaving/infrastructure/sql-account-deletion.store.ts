import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Transaction } from '@gatehouse/identity';
import { AccountDeletionStore, type DueAccount } from '../ports/account-deletion.store';

@Injectable()
export class SqlAccountDeletionStore extends AccountDeletionStore {
  async schedule(tx: Transaction, userId: string, dueAt: Date): Promise<void> {
    await entityManagerOf(tx).query(
      `UPDATE users SET deletion_due_at = $2 WHERE id = $1 AND kind = 'user'`,
      [userId, dueAt],
    );
  }

  async claimDue(tx: Transaction, now: Date, limit: number): Promise<DueAccount[]> {
    return (await entityManagerOf(tx, { holdsLocks: true }).query(
      `SELECT id, username FROM users
        WHERE deletion_due_at <= $1 AND kind = 'user'
        ORDER BY deletion_due_at, id
        LIMIT $2
        FOR UPDATE SKIP LOCKED`,
      [now, limit],
    )) as DueAccount[];
  }

  async postpone(tx: Transaction, userId: string, until: Date): Promise<void> {
    await entityManagerOf(tx).query(`UPDATE users SET deletion_due_at = $2 WHERE id = $1`, [
      userId,
      until,
    ]);
  }
}
