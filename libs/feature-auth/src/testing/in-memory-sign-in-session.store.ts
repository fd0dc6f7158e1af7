import {
  type SignInSessionRecord,
  SignInSessionStore,
} from '../session/ports/sign-in-session.store';

/** SignInSessionStore in a map, for unit tests. */
export class InMemorySignInSessionStore extends SignInSessionStore {
  readonly rows = new Map<string, SignInSessionRecord>();

  add(session: SignInSessionRecord): Promise<void> {
    this.rows.set(session.id, { ...session });
    return Promise.resolve();
  }

  listOf(userId: string, now: Date): Promise<SignInSessionRecord[]> {
    return Promise.resolve(
      [...this.rows.values()]
        .filter((row) => row.userId === userId && row.expiresAt > now)
        .sort(
          (a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime() || b.id.localeCompare(a.id),
        ),
    );
  }

  find(userId: string, id: string): Promise<SignInSessionRecord | null> {
    const row = this.rows.get(id);
    return Promise.resolve(row?.userId === userId ? row : null);
  }

  touch(sessionHash: string, at: Date, minIntervalMs: number): Promise<void> {
    for (const row of this.rows.values())
      if (
        row.sessionHash === sessionHash &&
        row.lastActiveAt.getTime() <= at.getTime() - minIntervalMs
      )
        row.lastActiveAt = at;
    return Promise.resolve();
  }

  removeByHash(sessionHash: string): Promise<void> {
    for (const [id, row] of this.rows) if (row.sessionHash === sessionHash) this.rows.delete(id);
    return Promise.resolve();
  }

  removeAllOf(userId: string, keepSessionHash: string | null): Promise<string[]> {
    const removed: string[] = [];
    for (const [id, row] of this.rows)
      if (row.userId === userId && row.sessionHash !== keepSessionHash) {
        this.rows.delete(id);
        removed.push(id);
      }
    return Promise.resolve(removed.sort());
  }
}
