import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import {
  OutboxWriter,
  RandomSource,
  type Transaction,
  TransactionRunner,
} from '@gatehouse/identity';
import { accountSignedOutEvent, Topics } from '@gatehouse/messaging';
import { CLOCK } from '@gatehouse/platform';

/** Which sign-ins of a user ended. */
export interface SignOut {
  userId: string;
  /** The public ids of the sessions that ended (their `sid`). */
  sessionIds: readonly string[];
  /** Every session of the user ended (sign out everywhere), listed or not. */
  everySession: boolean;
}

/**
 * Writes `account.signed_out` to the outbox (Topics.accountEvents), so the back-channel logout
 * consumer tells the user's apps (docs/oauth.md "Logout") once the sign-out is committed, and a
 * crash loses none.
 */
@Injectable()
export class SignOutEvents {
  constructor(
    private readonly outbox: OutboxWriter,
    private readonly random: RandomSource,
    private readonly runner: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** In the caller's transaction. */
  async record(tx: Transaction, signOut: SignOut): Promise<void> {
    if (signOut.sessionIds.length === 0 && !signOut.everySession) return;
    const now = this.clock.now();
    const message = accountSignedOutEvent.encode(
      {
        eventId: this.random.id(now),
        userId: signOut.userId,
        sessionIds: [...signOut.sessionIds],
        everySession: signOut.everySession,
        signedOutAt: new Date(now).toISOString(),
      },
      { key: signOut.userId, time: new Date(now) },
    );
    await this.outbox.append(tx, { topic: Topics.accountEvents, ...message });
  }

  /** For a sign-out made outside any transaction (the session lives in flow state). */
  recordAlone(signOut: SignOut): Promise<void> {
    return this.runner.run((tx) => this.record(tx, signOut));
  }
}
