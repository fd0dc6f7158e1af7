import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { SessionStore } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { OtherSessionsEndedView, SignInSessionView } from '@gatehouse/settings-api';
import { SignInSessionStore } from './ports/sign-in-session.store';
import { SignOutEverywhere } from './sign-out-everywhere';
import { SignOutEvents } from './sign-out-events';

/**
 * The sessions page (docs/settings-api.md "Sessions"): a person's signed-in browsers, and signing
 * one of them, or all but the one asking, out. `currentSessionId` is the asking browser's cookie
 * value; only its hash is compared.
 */
@Injectable()
export class SignInSessionsService {
  constructor(
    private readonly listed: SignInSessionStore,
    private readonly sessions: SessionStore,
    private readonly signOut: SignOutEverywhere,
    private readonly events: SignOutEvents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(userId: string, currentSessionId: string): Promise<SignInSessionView[]> {
    const current = this.sessions.keyOf(currentSessionId);
    const sessions = await this.listed.listOf(userId, new Date(this.clock.now()));
    return sessions.map((session) => ({
      id: session.id,
      device: session.device,
      address: session.address,
      signedInAt: session.signedInAt.toISOString(),
      lastActiveAt: session.lastActiveAt.toISOString(),
      current: session.sessionHash === current,
    }));
  }

  /** False when the user has no session of that id (someone else's is not theirs to end). */
  async end(userId: string, id: string): Promise<boolean> {
    const session = await this.listed.find(userId, id);
    if (!session) return false;
    await this.sessions.deleteByKey(session.sessionHash);
    await this.listed.removeByHash(session.sessionHash);
    await this.events.recordAlone({ userId, sessionIds: [session.id], everySession: false });
    return true;
  }

  async endOthers(userId: string, currentSessionId: string): Promise<OtherSessionsEndedView> {
    return { sessionsEnded: await this.signOut.endSessions(userId, currentSessionId) };
  }
}
