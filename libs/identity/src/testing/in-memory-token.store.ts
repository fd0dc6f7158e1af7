import type { UserRecord } from '../accounts/ports/account-records';
import type {
  AccessTokenRecord,
  LockedRefreshToken,
  PersonalTokenRecord,
  RefreshTokenRecord,
} from '../tokens/ports/token-records';
import { RevokedFamily, TokenStore } from '../tokens/ports/token.store';
import type { Transaction } from '../transactions/ports/transaction';

/** Test double of TokenStore: rows in arrays, no transactions. Personal tokens are kept here for the bearer reader. */
export class InMemoryTokenStore extends TokenStore {
  readonly accessTokens: AccessTokenRecord[] = [];
  readonly refreshTokens: RefreshTokenRecord[] = [];
  readonly personalTokens: PersonalTokenRecord[] = [];
  /** Where lockRefreshToken finds a token's user (the kit points it at its InMemoryAccounts). */
  findUser: (id: string) => Promise<UserRecord | null> = async () => null;

  insertAccessToken(row: AccessTokenRecord): void {
    this.accessTokens.push({ ...row });
  }

  insertRefreshToken(row: RefreshTokenRecord): void {
    this.refreshTokens.push({ ...row });
  }

  markRefreshTokenUsed(id: string, at: Date): void {
    const row = this.refreshTokens.find((candidate) => candidate.id === id);
    if (row) row.usedAt = at;
  }

  async findAccessToken(tokenHash: string): Promise<AccessTokenRecord | null> {
    return copy(this.accessTokens.find((row) => row.tokenHash === tokenHash));
  }

  async findPersonalToken(tokenHash: string): Promise<PersonalTokenRecord | null> {
    return copy(this.personalTokens.find((row) => row.tokenHash === tokenHash));
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null> {
    return copy(this.refreshTokens.find((row) => row.tokenHash === tokenHash));
  }

  async lockRefreshToken(_tx: Transaction, tokenHash: string): Promise<LockedRefreshToken | null> {
    const row = await this.findRefreshToken(tokenHash);
    if (!row) return null;
    return { ...row, user: await this.findUser(row.userId) };
  }

  async revokeFamily(_tx: Transaction, familyId: string, at: Date): Promise<RevokedFamily> {
    const refreshTokens = this.refreshTokens.filter(
      (row) => row.familyId === familyId && !row.revokedAt,
    );
    const accessTokens = this.accessTokens.filter(
      (row) => row.refreshFamilyId === familyId && !row.revokedAt,
    );
    for (const row of [...refreshTokens, ...accessTokens]) row.revokedAt = at;
    return {
      refreshTokens: refreshTokens.map((row) => ({ ...row })),
      accessTokens: accessTokens.map((row) => ({ ...row })),
    };
  }

  async revokePersonalToken(_tx: Transaction, id: string, at: Date): Promise<boolean> {
    const row = this.personalTokens.find(
      (candidate) => candidate.id === id && !candidate.revokedAt,
    );
    if (!row) return false;
    row.revokedAt = at;
    return true;
  }

  async revokeAccessToken(
    _tx: Transaction,
    id: string,
    at: Date,
  ): Promise<AccessTokenRecord | null> {
    const row = this.accessTokens.find((candidate) => candidate.id === id && !candidate.revokedAt);
    if (!row) return null;
    row.revokedAt = at;
    return { ...row };
  }
}

function copy<T extends object>(row: T | undefined): T | null {
  return row ? { ...row } : null;
}
