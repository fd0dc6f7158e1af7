import type { AccessTokenEntity, PersonalAccessTokenEntity, RefreshTokenEntity } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';

/** What revoking a refresh-token family actually revoked (tokens already revoked are left out). */
export interface RevokedFamily {
  accessTokens: AccessTokenEntity[];
  refreshTokens: RefreshTokenEntity[];
}

/**
 * Port over the token tables (access, refresh and personal tokens). Rows are looked up by the
 * SHA-256 of the token: the clear token is never stored. Methods taking a `manager` run in the
 * caller's transaction; the others read through their own connection.
 */
export abstract class TokenStore {
  abstract insertAccessToken(manager: EntityManager, row: AccessTokenEntity): Promise<void>;
  abstract insertRefreshToken(manager: EntityManager, row: RefreshTokenEntity): Promise<void>;

  abstract findAccessToken(tokenHash: string): Promise<AccessTokenEntity | null>;
  abstract findPersonalToken(tokenHash: string): Promise<PersonalAccessTokenEntity | null>;
  abstract findRefreshToken(tokenHash: string): Promise<RefreshTokenEntity | null>;

  /**
   * Reads a refresh token with its `user` and locks the token's row until the transaction ends
   * (one redeemer at a time), in one round trip.
   */
  abstract lockRefreshToken(manager: EntityManager, tokenHash: string): Promise<RefreshTokenEntity | null>;
  abstract markRefreshTokenUsed(manager: EntityManager, id: string, at: Date): Promise<void>;

  /** Revokes every refresh and access token of the family that is not revoked yet. */
  abstract revokeFamily(manager: EntityManager, familyId: string, at: Date): Promise<RevokedFamily>;
  /** Revokes one access token; null when it was already revoked or does not exist. */
  abstract revokeAccessToken(manager: EntityManager, id: string, at: Date): Promise<AccessTokenEntity | null>;

  /** Records a personal token's use (best effort, outside any transaction). */
  abstract touchPersonalToken(id: string, at: Date): Promise<void>;
}
