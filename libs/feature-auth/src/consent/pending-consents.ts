import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import { ConsentRequest, consentRequestSchema } from './consent-request';

/** A consent page stays answerable this long. */
const PENDING_CONSENT_TTL_SECONDS = 10 * 60;

/** Consent requests waiting for the user's answer, in flow state under the hash of their id. */
@Injectable()
export class PendingConsents {
  private readonly records: JsonFlowStore<ConsentRequest>;

  constructor(@Inject(FLOW_STORE) store: FlowStore) {
    this.records = new JsonFlowStore(store, 'consent:', consentRequestSchema);
  }

  put(id: string, request: ConsentRequest): Promise<void> {
    return this.records.put(hashToken(id), request, PENDING_CONSENT_TTL_SECONDS * 1000);
  }

  get(id: string): Promise<ConsentRequest | null> {
    return this.records.get(hashToken(id));
  }

  /** Single use: of two submissions of one page, only the first is decided. */
  take(id: string): Promise<ConsentRequest | null> {
    return this.records.take(hashToken(id));
  }
}
