import type { Transaction } from '@gatehouse/identity';
import type { LeakedTokenNotice } from './leaked-token-records';

/** Port over the notices of tokens reported leaked, one per token. */
export abstract class LeakedTokenNoticeStore {
  /** Records a notice in the caller's transaction; false when its token has one already. */
  abstract record(tx: Transaction, notice: LeakedTokenNotice): Promise<boolean>;
  /** The user's notices that are not dismissed, newest first, at most `limit`. */
  abstract listActive(userId: string, limit: number): Promise<LeakedTokenNotice[]>;
  /** Dismisses one of the user's notices; false when the user has no such notice left to dismiss. */
  abstract dismiss(userId: string, id: string, at: Date): Promise<boolean>;
}
