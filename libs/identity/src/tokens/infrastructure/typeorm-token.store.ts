import { Injectable } from '@nestjs/common';
import {
  AccessTokenEntity,
  PersonalAccessTokenEntity,
  PreparedStatement,
  RefreshTokenEntity,
} from '@gatehouse/persistence';
import { DataSource, IsNull } from 'typeorm';
import {
  USER_COLUMNS,
  type UserColumns,
  userRecordOf,
} from '../../accounts/infrastructure/user-columns';
import { entityManagerOf } from '../../transactions/infrastructure/typeorm-transaction';
import type { Transaction } from '../../transactions/ports/transaction';
import type {
  AccessTokenRecord,
  RefreshRotation,
  RefreshRotationOutcome,
  RefreshTokenRecord,
} from '../ports/token-records';
import { RevokedFamily, TokenStore } from '../ports/token.store';

/**
 * The refresh rotation in one statement (TokenStore.rotateRefreshToken), committed alone: `found`
 * locks the presented token's row, so a concurrent redeemer waits for this statement's commit
 * and then reads the row again, spent (READ COMMITTED re-reads a row it waited for). `spendable`
 * is `found` when every check passes; the writes read it, so a refused token writes nothing.
 * `earlier` drops the answers kept on the family's older spent tokens: an answer outlives its
 * grace only until the next rotation (SKIP LOCKED: a row another statement holds keeps its answer
 * until the rotation after, rather than both waiting on each other).
 */
const ROTATE_REFRESH_TOKEN = new PreparedStatement(`WITH found AS (
  SELECT r.id, r.token_hash, r.family_id, r.client_id, r.user_id, r.scopes, r.org_ids, r.auth_time,
    r.expires_at, r.used_at, r.revoked_at, r.created_at, r.rotation_answer, ${USER_COLUMNS}
  FROM refresh_tokens r LEFT JOIN users u ON u.id = r.user_id
  WHERE r.token_hash = $1
  FOR UPDATE OF r
), spendable AS (
  SELECT * FROM found
  WHERE client_id = $2 AND revoked_at IS NULL AND used_at IS NULL AND expires_at > $3
    AND u_id IS NOT NULL AND u_disabled_at IS NULL
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements($4::jsonb) AS need(scopes)
      WHERE NOT (found.scopes && ARRAY(SELECT jsonb_array_elements_text(need.scopes))))
), spent AS (
  UPDATE refresh_tokens t SET used_at = $3, rotation_answer = $5 FROM spendable s WHERE t.id = s.id
), earlier AS (
  UPDATE refresh_tokens t SET rotation_answer = NULL
  WHERE t.id IN (
    SELECT e.id FROM refresh_tokens e JOIN spendable s ON e.family_id = s.family_id
    WHERE e.id <> s.id AND e.rotation_answer IS NOT NULL
    FOR UPDATE OF e SKIP LOCKED)
), refresh AS (
  INSERT INTO refresh_tokens
    (id, token_hash, family_id, client_id, user_id, scopes, org_ids, auth_time, expires_at, used_at, revoked_at, created_at)
  SELECT $6, $7, family_id, client_id, user_id, scopes, org_ids, auth_time, $8, NULL, NULL, $3 FROM spendable
), access AS (
  INSERT INTO access_tokens
    (id, token_hash, kind, user_id, client_id, scopes, org_ids, bound_org_id, role, repo, refresh_family_id, auth_time, expires_at, revoked_at, created_at)
  SELECT $9, $10, 'oauth', user_id, client_id, COALESCE($11::text[], scopes), org_ids, NULL, NULL, NULL, family_id, auth_time, $12, NULL, $3
  FROM spendable
)
SELECT found.*, EXISTS (SELECT 1 FROM spendable) AS rotated FROM found`);

interface FoundRefreshRow extends UserColumns {
  id: string;
  token_hash: string;
  family_id: string;
  client_id: string;
  user_id: string;
  scopes: string[];
  org_ids: string[];
  auth_time: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
  rotation_answer: string | null;
  rotated: boolean;
}

@Injectable()
export class TypeOrmTokenStore extends TokenStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  // Rows read without relations: an entity then holds exactly a record's fields.
  findAccessToken(tokenHash: string): Promise<AccessTokenRecord | null> {
    return this.dataSource.manager.findOneBy(AccessTokenEntity, { tokenHash });
  }

  findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null> {
    return this.dataSource.manager.findOneBy(RefreshTokenEntity, { tokenHash });
  }

  async rotateRefreshToken(rotation: RefreshRotation): Promise<RefreshRotationOutcome | null> {
    const narrowed = rotation.narrowedTo;
    const [row] = await ROTATE_REFRESH_TOKEN.run<FoundRefreshRow>(this.dataSource, [
      rotation.tokenHash,
      rotation.clientId,
      rotation.at,
      JSON.stringify(narrowed.map(({ coveredBy }) => coveredBy)),
      rotation.answer,
      rotation.refreshToken.id,
      rotation.refreshToken.tokenHash,
      rotation.refreshToken.expiresAt,
      rotation.accessToken.id,
      rotation.accessToken.tokenHash,
      narrowed.length > 0 ? narrowed.map(({ scope }) => scope) : null,
      rotation.accessToken.expiresAt,
    ]);
    if (!row) return null;
    return {
      token: {
        id: row.id,
        tokenHash: row.token_hash,
        familyId: row.family_id,
        clientId: row.client_id,
        userId: row.user_id,
        scopes: row.scopes,
        orgIds: row.org_ids,
        authTime: row.auth_time,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
        revokedAt: row.revoked_at,
        createdAt: row.created_at,
        user: userRecordOf(row),
        answer: row.rotation_answer,
      },
      rotated: row.rotated,
    };
  }

  async revokeFamily(tx: Transaction, familyId: string, at: Date): Promise<RevokedFamily> {
    const manager = entityManagerOf(tx);
    const refreshTokens = await manager.find(RefreshTokenEntity, {
      where: { familyId, revokedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    const accessTokens = await manager.find(AccessTokenEntity, {
      where: { refreshFamilyId: familyId, revokedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (refreshTokens.length > 0) {
      await manager.update(
        RefreshTokenEntity,
        refreshTokens.map((row) => row.id),
        { revokedAt: at },
      );
    }
    if (accessTokens.length > 0) {
      await manager.update(
        AccessTokenEntity,
        accessTokens.map((row) => row.id),
        { revokedAt: at },
      );
    }
    return {
      refreshTokens: refreshTokens.map((row) => ({ ...row, revokedAt: at })),
      accessTokens: accessTokens.map((row) => ({ ...row, revokedAt: at })),
    };
  }

  async revokePersonalToken(tx: Transaction, id: string, at: Date): Promise<boolean> {
    const result = await entityManagerOf(tx).update(
      PersonalAccessTokenEntity,
      { id, revokedAt: IsNull() },
      { revokedAt: at },
    );
    return (result.affected ?? 0) > 0;
  }

  async revokeAccessToken(
    tx: Transaction,
    id: string,
    at: Date,
  ): Promise<AccessTokenRecord | null> {
    const manager = entityManagerOf(tx);
    const row = await manager.findOne(AccessTokenEntity, {
      where: { id, revokedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!row) return null;
    await manager.update(AccessTokenEntity, { id }, { revokedAt: at });
    return { ...row, revokedAt: at };
  }
}
