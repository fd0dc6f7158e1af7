import type { Transaction } from '../../transactions/ports/transaction';
import type { AccessTokenRecord, LockedRefreshToken, RefreshTokenRecord } from './token-records';

/** What revoking a refresh-token family actually revoked (tokens already revoked are left out). */
export interface RevokedFamily {
  accessTokens: AccessTokenRecord[];
  refreshTokens: RefreshTokenRecord[];
}

/**
 * Port over the access and refresh token tables. Rows are looked up by the SHA-256 of the token:
 * the clear token is never stored. Methods taking a transaction run in the caller's; the others
 * read through their own connection. Tokens are written by IssuedTokenWriter.
 */
export abstract class TokenStore {
  abstract findAccessToken(tokenHash: string): Promise<AccessTokenRecord | null>;
  abstract findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null>;

  /**
   * Reads a refresh token with its user and locks the token's row until the transaction ends
   * (one redeemer at a time), in one round trip.
   */
  abstract lockRefreshToken(tx: Transaction, tokenHash: string): Promise<LockedRefreshToken | null>;

  /** Revokes every refresh and access token of the family that is not revoked yet. */
  abstract revokeFamily(tx: Transaction, familyId: string, at: Date): Promise<RevokedFamily>;
  /** Revokes one personal access token; false when it was already revoked or does not exist. */
  abstract revokePersonalToken(tx: Transaction, id: string, at: Date): Promise<boolean>;
  /** Revokes one access token; null when it was already revoked or does not exist. */
  abstract revokeAccessToken(
    tx: Transaction,
    id: string,
    at: Date,
  ): Promise<AccessTokenRecord | null>;
}
