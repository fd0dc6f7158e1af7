import type { Transaction } from '@gatehouse/identity';
import type { IdentityTestKit } from '@gatehouse/identity/testing';
import type { LiveLeakedToken } from '../leaked-credentials/ports/leaked-token-records';
import { LeakedTokenStore } from '../leaked-credentials/ports/leaked-token.store';

/**
 * Test double of LeakedTokenStore over the identity kit's in-memory token tables, so a token the
 * kit issued or stored is found, and revoked, as the SQL store would. Counts its lookups.
 */
export class InMemoryLeakedTokenStore extends LeakedTokenStore {
  lookups = 0;

  constructor(
    private readonly tokens: IdentityTestKit['tokens'],
    /** App names by client id, as oauth_apps would give them. */
    private readonly appNames: ReadonlyMap<string, string> = new Map(),
  ) {
    super();
  }

  async findLive(tokenHashes: readonly string[], now: Date): Promise<LiveLeakedToken[]> {
    this.lookups += 1;
    const wanted = new Set(tokenHashes);
    const appName = (clientId: string | null) =>
      clientId === null ? null : (this.appNames.get(clientId) ?? null);
    return [
      ...this.tokens.personalTokens
        .filter((row) => wanted.has(row.tokenHash) && !row.revokedAt)
        .map((row) => ({
          kind: 'personal' as const,
          id: row.id,
          tokenHash: row.tokenHash,
          userId: row.userId,
          name: row.name,
          clientId: null,
          familyId: null,
        })),
      ...this.tokens.accessTokens
        .filter((row) => wanted.has(row.tokenHash) && !row.revokedAt && row.expiresAt > now)
        .map((row) => ({
          kind: 'access' as const,
          id: row.id,
          tokenHash: row.tokenHash,
          userId: row.userId,
          name: appName(row.clientId),
          clientId: row.clientId,
          familyId: null,
        })),
      ...this.tokens.refreshTokens
        .filter((row) => wanted.has(row.tokenHash) && !row.revokedAt && row.expiresAt > now)
        .map((row) => ({
          kind: 'refresh' as const,
          id: row.id,
          tokenHash: row.tokenHash,
          userId: row.userId,
          name: appName(row.clientId),
          clientId: row.clientId,
          familyId: row.familyId,
        })),
    ];
  }

  async revokePersonalToken(_tx: Transaction, id: string, at: Date): Promise<boolean> {
    const row = this.tokens.personalTokens.find((candidate) => candidate.id === id);
    if (!row || row.revokedAt) return false;
    row.revokedAt = at;
    return true;
  }
}
