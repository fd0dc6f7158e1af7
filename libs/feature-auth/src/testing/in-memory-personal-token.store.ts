import type { PersonalTokenRecord } from '@gatehouse/identity';
import {
  PersonalTokenChanges,
  PersonalTokenStore,
} from '../personal-tokens/ports/personal-token.store';

/** PersonalTokenStore over a list of rows (give it the identity kit's, so created tokens authenticate). */
export class InMemoryPersonalTokenStore extends PersonalTokenStore {
  constructor(private readonly rows: PersonalTokenRecord[]) {
    super();
  }

  async insert(row: PersonalTokenRecord): Promise<void> {
    this.rows.push({ ...row });
  }

  async listActive(userId: string): Promise<PersonalTokenRecord[]> {
    return this.rows
      .filter((row) => row.userId === userId && !row.revokedAt)
      .map((row) => ({ ...row }));
  }

  async findActive(userId: string, id: string): Promise<PersonalTokenRecord | null> {
    const row = this.live(userId, id);
    return row ? { ...row } : null;
  }

  async activeTokenHash(userId: string, id: string): Promise<string | null> {
    return this.live(userId, id)?.tokenHash ?? null;
  }

  async update(
    userId: string,
    id: string,
    tokenHash: string,
    changes: PersonalTokenChanges,
  ): Promise<PersonalTokenRecord | null> {
    const row = this.live(userId, id);
    if (!row || row.tokenHash !== tokenHash) return null;
    Object.assign(row, changes);
    return { ...row };
  }

  async revoke(userId: string, id: string, at: Date): Promise<boolean> {
    const row = this.live(userId, id);
    if (row) row.revokedAt = at;
    return Boolean(row);
  }

  private live(userId: string, id: string): PersonalTokenRecord | undefined {
    return this.rows.find((row) => row.id === id && row.userId === userId && !row.revokedAt);
  }
}
