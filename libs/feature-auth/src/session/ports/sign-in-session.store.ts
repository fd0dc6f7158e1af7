import type { Transaction } from '@gatehouse/identity';

/** A signed-in browser session as its user sees it; `sessionHash` is the flow-state key's hash. */
export interface SignInSessionRecord {
  /** The public id the sessions page shows and names in a sign-out (never the cookie's secret). */
  id: string;
  userId: string;
  sessionHash: string;
  device: string;
  address: string;
  signedInAt: Date;
  lastActiveAt: Date;
  expiresAt: Date;
}

/**
 * The index of each user's signed-in sessions by user (the sessions themselves live in flow state
 * by cookie hash, SessionStore). Each write stands alone (the session is already made or ended),
 * but for `removeAllOf` inside a caller's transaction, which may hold the only connection.
 */
export abstract class SignInSessionStore {
  abstract add(session: SignInSessionRecord): Promise<void>;
  /** The user's sessions alive at `now`, the most recently active first. */
  abstract listOf(userId: string, now: Date): Promise<SignInSessionRecord[]>;
  /** The user's session of that public id (another user's is not found). */
  abstract find(userId: string, id: string): Promise<SignInSessionRecord | null>;
  /** Sets the last activity, unless it was written less than `minIntervalMs` before `at`. */
  abstract touch(sessionHash: string, at: Date, minIntervalMs: number): Promise<void>;
  abstract removeByHash(sessionHash: string): Promise<void>;
  /** Removes every session of the user but the one kept; returns the public ids of those that went. */
  abstract removeAllOf(
    userId: string,
    keepSessionHash: string | null,
    tx?: Transaction,
  ): Promise<string[]>;
}
