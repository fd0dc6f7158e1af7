import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import { z } from 'zod';

/** How long a WebAuthn ceremony may take, from its options to its answer. */
const PASSKEY_CEREMONY_TTL_SECONDS = 5 * 60;

const challengeSchema = z.object({ challenge: z.string() });

/**
 * The challenges of WebAuthn ceremonies, in flow state for a few minutes and taken once: a
 * registration's under its account, a sign-in's under the hash of the browser's session cookie
 * (so an answer only counts in the browser that asked).
 */
@Injectable()
export class PasskeyChallenges {
  private readonly records: JsonFlowStore<z.infer<typeof challengeSchema>>;

  constructor(@Inject(FLOW_STORE) store: FlowStore) {
    this.records = new JsonFlowStore(store, 'passkey-challenge:', challengeSchema);
  }

  put(purpose: 'registration' | 'sign-in', key: string, challenge: string): Promise<void> {
    return this.records.put(
      `${purpose}:${hashToken(key)}`,
      { challenge },
      PASSKEY_CEREMONY_TTL_SECONDS * 1000,
    );
  }

  async take(purpose: 'registration' | 'sign-in', key: string): Promise<string | null> {
    return (await this.records.take(`${purpose}:${hashToken(key)}`))?.challenge ?? null;
  }
}
