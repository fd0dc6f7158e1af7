import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
import { SHARED_FLOW_STORE } from '@gatehouse/platform';
import { BrowserSession, browserSessionSchema } from './browser-session';

/**
 * Sessions in flow state, keyed by the SHA-256 of the cookie value (a store dump holds no live
 * cookie). Sessions are not listed per user: ending all of a user's sessions (a password reset)
 * records the moment, and a session signed in at or before it is deleted when next read.
 */
@Injectable()
export class SessionStore {
  private readonly records: JsonFlowStore<BrowserSession>;

  constructor(@Inject(SHARED_FLOW_STORE) private readonly store: FlowStore) {
    this.records = new JsonFlowStore(store, 'session:', browserSessionSchema);
  }

  async get(id: string): Promise<BrowserSession | null> {
    const session = await this.records.get(hashToken(id));
    if (session?.userId == null || session.authTime === null) return session;
    const endedAt = await this.store.get(endedKey(session.userId));
    if (endedAt === null || session.authTime > Number(endedAt)) return session;
    await this.records.delete(hashToken(id));
    return null;
  }

  put(id: string, session: BrowserSession, ttlSeconds: number): Promise<void> {
    return this.records.put(hashToken(id), session, ttlSeconds * 1000);
  }

  delete(id: string): Promise<void> {
    return this.records.delete(hashToken(id));
  }

  /**
   * Ends every session of the user signed in at or before `atMs`; remembered for `ttlSeconds`,
   * which must be the longest a signed-in session lives.
   */
  endAllOf(userId: string, atMs: number, ttlSeconds: number): Promise<void> {
    return this.store.put(endedKey(userId), String(atMs), ttlSeconds * 1000);
  }
}

function endedKey(userId: string): string {
  return `sessions-ended:${userId}`;
}
