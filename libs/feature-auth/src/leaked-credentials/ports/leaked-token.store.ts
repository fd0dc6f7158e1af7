import type { Transaction } from '@gatehouse/identity';
import type { LiveLeakedToken } from './leaked-token-records';

/**
 * Port over the three token tables, as a leak report sees them. Access and refresh tokens are
 * revoked through identity's TokenRevoker; personal tokens here, as their deletion does.
 */
export abstract class LeakedTokenStore {
  /**
   * The tokens among these hashes that still work at `now`, personal, then access, then refresh:
   * personal tokens not revoked, access and refresh tokens neither revoked nor expired (a rotated
   * refresh token still revokes its grant). One statement, outside any transaction.
   */
  abstract findLive(tokenHashes: readonly string[], now: Date): Promise<LiveLeakedToken[]>;

  /** Revokes a personal token in the caller's transaction; false when it was revoked already. */
  abstract revokePersonalToken(tx: Transaction, id: string, at: Date): Promise<boolean>;
}
