import type { AccessTokenEntity, PersonalAccessTokenEntity, RefreshTokenEntity, UserEntity } from '@gatehouse/persistence';
import type { EntityManager } from 'typeorm';
import { RevokedFamily, TokenStore } from '../store/token-store';

/** Test double of TokenStore: rows in arrays, no transactions. */
export class InMemoryTokenStore extends TokenStore {
  readonly accessTokens: AccessTokenEntity[] = [];
  readonly refreshTokens: RefreshTokenEntity[] = [];
  readonly personalTokens: PersonalAccessTokenEntity[] = [];
  /** Where lockRefreshToken finds a token's user (the kit points it at its InMemoryAccounts). */
  findUser: (id: string) => Promise<UserEntity | null> = async () => null;

  async insertAccessToken(_manager: EntityManager, row: AccessTokenEntity): Promise<void> {
    this.accessTokens.push({ ...row });
  }

  async insertRefreshToken(_manager: EntityManager, row: RefreshTokenEntity): Promise<void> {
    this.refreshTokens.push({ ...row });
  }

  async findAccessToken(tokenHash: string): Promise<AccessTokenEntity | null> {
    return copy(this.accessTokens.find((row) => row.tokenHash === tokenHash));
  }

  async findPersonalToken(tokenHash: string): Promise<PersonalAccessTokenEntity | null> {
    return copy(this.personalTokens.find((row) => row.tokenHash === tokenHash));
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenEntity | null> {
    return copy(this.refreshTokens.find((row) => row.tokenHash === tokenHash));
  }

  async lockRefreshToken(_manager: EntityManager, tokenHash: string): Promise<RefreshTokenEntity | null> {
    const row = await this.findRefreshToken(tokenHash);
    if (!row) return null;
    const user = await this.findUser(row.userId);
    return user ? { ...row, user } : row;
  }

  async markRefreshTokenUsed(_manager: EntityManager, id: string, at: Date): Promise<void> {
    const row = this.refreshTokens.find((candidate) => candidate.id === id);
    if (row) row.usedAt = at;
  }

  async revokeFamily(_manager: EntityManager, familyId: string, at: Date): Promise<RevokedFamily> {
    const refreshTokens = this.refreshTokens.filter((row) => row.familyId === familyId && !row.revokedAt);
    const accessTokens = this.accessTokens.filter((row) => row.refreshFamilyId === familyId && !row.revokedAt);
    for (const row of [...refreshTokens, ...accessTokens]) row.revokedAt = at;
    return { refreshTokens: refreshTokens.map((row) => ({ ...row })), accessTokens: accessTokens.map((row) => ({ ...row })) };
  }

  async revokeAccessToken(_manager: EntityManager, id: string, at: Date): Promise<AccessTokenEntity | null> {
    const row = this.accessTokens.find((candidate) => candidate.id === id && !candidate.revokedAt);
    if (!row) return null;
    row.revokedAt = at;
    return { ...row };
  }

  async touchPersonalToken(id: string, at: Date): Promise<void> {
    const row = this.personalTokens.find((candidate) => candidate.id === id);
    if (row) row.lastUsedAt = at;
  }
}

function copy<T extends object>(row: T | undefined): T | null {
  return row ? { ...row } : null;
}
