import type { Transaction } from '../../transactions/ports/transaction';
import type {
  AccessTokenRecord,
  RefreshRotation,
  RefreshRotationOutcome,
  RefreshTokenRecord,
} from './token-records';

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
   * Finds the presented refresh token with its user and, when it may be spent (this client's, not
   * revoked, not used, not expired at `at`, its user present and enabled, every narrowed scope
   * granted), spends it, keeps `answer` on it and writes the new pair: one statement, committed
   * alone. Redeemers of one token take turns on its row, so exactly one spends it and the others
   * find it spent, with the answer kept. Null when no token has that hash.
   */
  abstract rotateRefreshToken(rotation: RefreshRotation): Promise<RefreshRotationOutcome | null>;

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
