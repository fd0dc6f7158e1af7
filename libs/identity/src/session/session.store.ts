import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
import { SHARED_FLOW_STORE } from '@gatehouse/platform';
import { BrowserSession, browserSessionSchema } from './browser-session';

/** Sessions in flow state, keyed by the SHA-256 of the cookie value (a store dump holds no live cookie). */
@Injectable()
export class SessionStore {
  private readonly records: JsonFlowStore<BrowserSession>;

  constructor(@Inject(SHARED_FLOW_STORE) store: FlowStore) {
    this.records = new JsonFlowStore(store, 'session:', browserSessionSchema);
  }

  get(id: string): Promise<BrowserSession | null> {
    return this.records.get(hashToken(id));
  }

  put(id: string, session: BrowserSession, ttlSeconds: number): Promise<void> {
    return this.records.put(hashToken(id), session, ttlSeconds * 1000);
  }

  delete(id: string): Promise<void> {
    return this.records.delete(hashToken(id));
  }
}
