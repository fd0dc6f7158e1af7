import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
import { SHARED_FLOW_STORE } from '@gatehouse/platform';
import { z } from 'zod';
import { BrowserSession, browserSessionSchema } from './browser-session';

const sessionsEndedSchema = z.object({
  at: z.number().int(),
  /** The hash of the one session the ending spared (the browser that asked for it). */
  kept: z.string().optional(),
});

/**
 * Sessions in flow state, keyed by the SHA-256 of the cookie value (a store dump holds no live
 * cookie). Sessions are not indexed by user: ending every session of a user records when, and a
 * signed-in session from before that moment is read as absent (and removed).
 */
@Injectable()
export class SessionStore {
  private readonly records: JsonFlowStore<BrowserSession>;
  private readonly endings: JsonFlowStore<z.infer<typeof sessionsEndedSchema>>;

  constructor(@Inject(SHARED_FLOW_STORE) store: FlowStore) {
    this.records = new JsonFlowStore(store, 'session:', browserSessionSchema);
    this.endings = new JsonFlowStore(store, 'sessions-ended:', sessionsEndedSchema);
  }

  async get(id: string): Promise<BrowserSession | null> {
    const session = await this.records.get(hashToken(id));
    if (session?.userId == null || session.authTime === null) return session;
    const ended = await this.endings.get(session.userId);
    if (ended === null || session.authTime > ended.at || ended.kept === hashToken(id))
      return session;
    await this.records.delete(hashToken(id));
    return null;
  }

  put(id: string, session: BrowserSession, ttlSeconds: number): Promise<void> {
    return this.records.put(hashToken(id), session, ttlSeconds * 1000);
  }

  delete(id: string): Promise<void> {
    return this.records.delete(hashToken(id));
  }

  /** The session's key: what an index of sessions may keep instead of the cookie's secret. */
  keyOf(id: string): string {
    return hashToken(id);
  }

  /** Ends the session of that key (`keyOf`), for a sign-out from another browser. */
  deleteByKey(key: string): Promise<void> {
    return this.records.delete(key);
  }

  /**
   * Ends every session of the user signed in at or before `at` (epoch ms), in every process.
   * `ttlSeconds`: the longest a signed-in session lives, after which the record is not needed.
   * `keepId`: the cookie value of one session to spare (the browser that signs the others out).
   */
  endAllOf(userId: string, at: number, ttlSeconds: number, keepId?: string): Promise<void> {
    const kept = keepId === undefined ? {} : { kept: hashToken(keepId) };
    return this.endings.put(userId, { at, ...kept }, ttlSeconds * 1000);
  }
}
