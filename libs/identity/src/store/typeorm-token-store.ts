import { Injectable } from '@nestjs/common';
import { AccessTokenEntity, PersonalAccessTokenEntity, RefreshTokenEntity } from '@gatehouse/persistence';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { RevokedFamily, TokenStore } from './token-store';

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

  lockRefreshToken(manager: EntityManager, tokenHash: string): Promise<RefreshTokenEntity | null> {
    return manager.findOne(RefreshTokenEntity, { where: { tokenHash }, lock: { mode: 'pessimistic_write' } });
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
