import { Injectable } from '@nestjs/common';
import { AccessTokenEntity, PersonalAccessTokenEntity, RefreshTokenEntity } from '@gatehouse/persistence';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { RevokedFamily, TokenStore } from './token-store';

const LOCK_REFRESH_TOKEN = `SELECT r.id, r.token_hash, r.family_id, r.client_id, r.user_id, r.scopes, r.org_ids, r.auth_time,
  r.expires_at, r.used_at, r.revoked_at, r.created_at, u.id AS u_id, u.username AS u_username, u.email AS u_email,
  u.fullname AS u_fullname, u.password_hash AS u_password_hash, u.is_pro AS u_is_pro, u.avatar_url AS u_avatar_url,
  u.disabled_at AS u_disabled_at, u.created_at AS u_created_at
FROM refresh_tokens r LEFT JOIN users u ON u.id = r.user_id
WHERE r.token_hash = $1
FOR UPDATE OF r`;

interface LockedRefreshRow {
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
  u_id: string | null;
  u_username: string;
  u_email: string;
  u_fullname: string;
  u_password_hash: string;
  u_is_pro: boolean;
  u_avatar_url: string | null;
  u_disabled_at: Date | null;
  u_created_at: Date;
}

@Injectable()
export class TypeOrmTokenStore extends TokenStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insertAccessToken(manager: EntityManager, row: AccessTokenEntity): Promise<void> {
    await manager.insert(AccessTokenEntity, row);
  }

  async insertRefreshToken(manager: EntityManager, row: RefreshTokenEntity): Promise<void> {
    await manager.insert(RefreshTokenEntity, row);
  }

  findAccessToken(tokenHash: string): Promise<AccessTokenEntity | null> {
    return this.dataSource.manager.findOneBy(AccessTokenEntity, { tokenHash });
  }

  findPersonalToken(tokenHash: string): Promise<PersonalAccessTokenEntity | null> {
    return this.dataSource.manager.findOneBy(PersonalAccessTokenEntity, { tokenHash });
  }

  findRefreshToken(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return this.dataSource.manager.findOneBy(RefreshTokenEntity, { tokenHash });
  }

  async lockRefreshToken(manager: EntityManager, tokenHash: string): Promise<RefreshTokenEntity | null> {
    const [row]: LockedRefreshRow[] = await manager.query(LOCK_REFRESH_TOKEN, [tokenHash]);
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
      user:
        row.u_id === null
          ? undefined
          : {
              id: row.u_id,
              username: row.u_username,
              email: row.u_email,
              fullname: row.u_fullname,
              passwordHash: row.u_password_hash,
              isPro: row.u_is_pro,
              avatarUrl: row.u_avatar_url,
              disabledAt: row.u_disabled_at,
              createdAt: row.u_created_at,
            },
    };
  }

  async markRefreshTokenUsed(manager: EntityManager, id: string, at: Date): Promise<void> {
    await manager.update(RefreshTokenEntity, { id }, { usedAt: at });
  }

  async revokeFamily(manager: EntityManager, familyId: string, at: Date): Promise<RevokedFamily> {
    const refreshTokens = await manager.find(RefreshTokenEntity, {
      where: { familyId, revokedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    const accessTokens = await manager.find(AccessTokenEntity, {
      where: { refreshFamilyId: familyId, revokedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (refreshTokens.length > 0) {
      await manager.update(RefreshTokenEntity, refreshTokens.map((row) => row.id), { revokedAt: at });
    }
    if (accessTokens.length > 0) {
      await manager.update(AccessTokenEntity, accessTokens.map((row) => row.id), { revokedAt: at });
    }
    return {
      refreshTokens: refreshTokens.map((row) => ({ ...row, revokedAt: at })),
      accessTokens: accessTokens.map((row) => ({ ...row, revokedAt: at })),
    };
  }

  async revokeAccessToken(manager: EntityManager, id: string, at: Date): Promise<AccessTokenEntity | null> {
    const row = await manager.findOne(AccessTokenEntity, { where: { id, revokedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
    if (!row) return null;
    await manager.update(AccessTokenEntity, { id }, { revokedAt: at });
    return { ...row, revokedAt: at };
  }

  async touchPersonalToken(id: string, at: Date): Promise<void> {
    await this.dataSource.manager.update(PersonalAccessTokenEntity, { id }, { lastUsedAt: at });
  }
}
