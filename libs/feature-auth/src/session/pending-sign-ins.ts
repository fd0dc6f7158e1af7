import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import { z } from 'zod';

/** How long the second step of a sign-in waits for its factor after the password. */
const PENDING_SIGN_IN_TTL_SECONDS = 5 * 60;
/** Wrong codes one pending sign-in may take before the password is asked again. */
const PENDING_SIGN_IN_MAX_WRONG_CODES = 5;

const pendingSignInSchema = z.object({
  userId: z.string(),
  returnTo: z.string(),
  /** The browser's device token, written to its cookie once the factor passes. */
  deviceToken: z.string(),
  wrongCodes: z.number().int(),
});

export type PendingSignIn = z.infer<typeof pendingSignInSchema>;

/**
 * A sign-in whose password was right and whose second factor is still to come: kept in flow
 * state under the hash of the browser's (anonymous) session cookie, for a few minutes, never as a
 * signed-in session. Until the factor passes the browser's session names nobody, so nothing a
 * signed-in session may do (consent, device approval, the settings API) is open to it
 * (docs/security.md "Second factors bypassed, replayed or guessed").
 */
@Injectable()
export class PendingSignIns {
  private readonly records: JsonFlowStore<PendingSignIn>;

  constructor(@Inject(FLOW_STORE) store: FlowStore) {
    this.records = new JsonFlowStore(store, 'pending-sign-in:', pendingSignInSchema);
  }

  start(sessionId: string, pending: Omit<PendingSignIn, 'wrongCodes'>): Promise<void> {
    return this.records.put(
      hashToken(sessionId),
      { ...pending, wrongCodes: 0 },
      PENDING_SIGN_IN_TTL_SECONDS * 1000,
    );
  }

  find(sessionId: string): Promise<PendingSignIn | null> {
    return this.records.get(hashToken(sessionId));
  }

  /** Ends the pending sign-in and hands it over once: of two concurrent finishes one wins. */
  finish(sessionId: string): Promise<PendingSignIn | null> {
    return this.records.take(hashToken(sessionId));
  }

  /** Counts a wrong code; true while the sign-in may go on, false once it has been ended. */
  async wrongCode(sessionId: string, pending: PendingSignIn): Promise<boolean> {
    const wrongCodes = pending.wrongCodes + 1;
    if (wrongCodes >= PENDING_SIGN_IN_MAX_WRONG_CODES) {
      await this.records.delete(hashToken(sessionId));
      return false;
    }
    return this.records.replace(hashToken(sessionId), { ...pending, wrongCodes });
  }

  cancel(sessionId: string): Promise<void> {
    return this.records.delete(hashToken(sessionId));
  }
}
