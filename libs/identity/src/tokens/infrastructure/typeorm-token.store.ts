import { Injectable } from '@nestjs/common';
import {
  AccessTokenEntity,
  PersonalAccessTokenEntity,
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
  LockedRefreshToken,
  RefreshTokenRecord,
} from '../ports/token-records';
import { RevokedFamily, TokenStore } from '../ports/token.store';

const LOCK_REFRESH_TOKEN = `SELECT r.id, r.token_hash, r.family_id, r.client_id, r.user_id, r.scopes, r.org_ids, r.auth_time,
  r.expires_at, r.used_at, r.revoked_at, r.created_at, ${USER_COLUMNS}
FROM refresh_tokens r LEFT JOIN users u ON u.id = r.user_id
WHERE r.token_hash = $1
FOR UPDATE OF r`;

interface LockedRefreshRow extends UserColumns {
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

  async lockRefreshToken(tx: Transaction, tokenHash: string): Promise<LockedRefreshToken | null> {
    const [row]: LockedRefreshRow[] = await entityManagerOf(tx, { holdsLocks: true }).query(
      LOCK_REFRESH_TOKEN,
      [tokenHash],
    );
    if (!row) return null;
    return {
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
