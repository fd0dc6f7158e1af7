import type { UserRecord } from '../accounts/ports/account-records';
import { isExpired } from '@gatehouse/domain';
import type {
  AccessTokenRecord,
  PersonalTokenRecord,
  RefreshRotation,
  RefreshRotationOutcome,
  RefreshTokenRecord,
} from '../tokens/ports/token-records';
import { RevokedFamily, TokenStore } from '../tokens/ports/token.store';
import type { Transaction } from '../transactions/ports/transaction';

/** Test double of TokenStore: rows in arrays, no transactions. Personal tokens are kept here for the bearer reader. */
export class InMemoryTokenStore extends TokenStore {
  readonly accessTokens: AccessTokenRecord[] = [];
  readonly refreshTokens: RefreshTokenRecord[] = [];
  readonly personalTokens: PersonalTokenRecord[] = [];
  /** The answers rotations kept, by the id of the token they spent. */
  readonly rotationAnswers = new Map<string, string>();
  /** Where rotateRefreshToken finds a token's user (the kit points it at its InMemoryAccounts). */
  findUser: (id: string) => Promise<UserRecord | null> = async () => null;

  insertAccessToken(row: AccessTokenRecord): void {
    this.accessTokens.push({ ...row });
  }

  insertRefreshToken(row: RefreshTokenRecord): void {
    this.refreshTokens.push({ ...row });
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

  async rotateRefreshToken(rotation: RefreshRotation): Promise<RefreshRotationOutcome | null> {
    const row = this.refreshTokens.find((candidate) => candidate.tokenHash === rotation.tokenHash);
    if (!row) return null;
    const user = await this.findUser(row.userId);
    const token = { ...row, user, answer: this.rotationAnswers.get(row.id) ?? null };
    const spendable =
      row.clientId === rotation.clientId &&
      !row.revokedAt &&
      !row.usedAt &&
      !isExpired(row.expiresAt.getTime(), rotation.at.getTime()) &&
      user !== null &&
      !user.disabledAt &&
      rotation.narrowedTo.every(({ coveredBy }) =>
        coveredBy.some((scope) => row.scopes.includes(scope)),
      );
    if (!spendable) return { token, rotated: false };
    const at = rotation.at;
    row.usedAt = at;
    for (const spent of this.refreshTokens)
      if (spent.familyId === row.familyId) this.rotationAnswers.delete(spent.id);
    if (rotation.answer !== null) this.rotationAnswers.set(row.id, rotation.answer);
    this.refreshTokens.push({
      ...rotation.refreshToken,
      familyId: row.familyId,
      clientId: row.clientId,
      userId: row.userId,
      scopes: [...row.scopes],
      orgIds: [...row.orgIds],
      authTime: row.authTime,
      usedAt: null,
      revokedAt: null,
      createdAt: at,
    });
    this.accessTokens.push({
      ...rotation.accessToken,
      kind: 'oauth',
      userId: row.userId,
      clientId: row.clientId,
      scopes:
        rotation.narrowedTo.length > 0
          ? rotation.narrowedTo.map(({ scope }) => scope)
          : [...row.scopes],
      orgIds: [...row.orgIds],
      boundOrgId: null,
      role: null,
      repo: null,
      refreshFamilyId: row.familyId,
      authTime: row.authTime,
      revokedAt: null,
      createdAt: at,
    });
    return { token, rotated: true };
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
