import type { AccessTokenEntity, OutboxMessage, RefreshTokenEntity } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';

/** What one issuance writes: the tokens, their token.issued events, and the refresh token it rotates. */
export interface IssuedTokenRows {
  accessToken: AccessTokenEntity;
  refreshToken: RefreshTokenEntity | null;
  events: OutboxMessage[];
  /** A refresh grant's spent token, marked used by the same write. */
  rotated?: { refreshTokenId: string; usedAt: Date };
}

/**
 * Port: writes an issuance in the caller's transaction, in one round trip where the database
 * allows (docs/benchmarks.md "Returning sign-in"): the transaction is then BEGIN, one statement,
 * COMMIT.
 */
export abstract class IssuedTokenWriter {
  abstract write(manager: EntityManager, rows: IssuedTokenRows): Promise<void>;
}
