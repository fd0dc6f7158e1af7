import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { SessionStore, TokenRevoker, type Transaction } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { EndedSessionsView } from '@gatehouse/settings-api';
import { LiveSignInsReader } from './ports/live-sign-ins.reader';
import { SignInSessionStore } from './ports/sign-in-session.store';
import { SignOutEvents } from './sign-out-events';
import { SESSION_OPTIONS, type SessionOptions } from './session-options';

/**
 * Signs a user out everywhere: every browser session, and every live OAuth refresh and access
 * token (with their token.revoked events). Personal tokens are credentials the user made, not
 * sign-ins, and stay. The one class behind the admin's "end sessions", password reset and change,
 * and the sessions page.
 */
@Injectable()
export class SignOutEverywhere {
  constructor(
    private readonly live: LiveSignInsReader,
    private readonly revoker: TokenRevoker,
    private readonly sessions: SessionStore,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly listed: SignInSessionStore,
    private readonly events: SignOutEvents,
  ) {}

  /**
   * Revokes the tokens in the caller's transaction and ends the browser sessions at once, whether
   * or not it commits. `keepSessionId`: the cookie value of the browser that asked, which stays.
   */
  async everywhere(
    tx: Transaction,
    userId: string,
    keepSessionId?: string,
  ): Promise<EndedSessionsView> {
    await this.endSessions(userId, keepSessionId, tx);
    return { sessionsEnded: true, ...(await this.revokeTokens(tx, userId)) };
  }

  async revokeTokens(
    tx: Transaction,
    userId: string,
  ): Promise<{ refreshTokensRevoked: number; accessTokensRevoked: number }> {
    const live = await this.live.liveOAuthTokensOf(tx, userId, new Date(this.clock.now()));
    let refreshTokensRevoked = 0;
    let accessTokensRevoked = 0;
    for (const familyId of live.refreshFamilyIds) {
      const revoked = await this.revoker.revokeFamily(tx, familyId, 'signed_out');
      refreshTokensRevoked += revoked.refreshTokens.length;
      accessTokensRevoked += revoked.accessTokens.length;
    }
    for (const id of live.accessTokenIds)
      if (await this.revoker.revokeAccessToken(tx, id, 'signed_out')) accessTokensRevoked += 1;
    return { refreshTokensRevoked, accessTokensRevoked };
  }

  /**
   * Every browser session of the user, in every process, but the one kept, and the user's apps
   * told (back-channel logout). In the caller's transaction when given (it may hold the only
   * connection); returns how many listed sessions ended.
   */
  async endSessions(userId: string, keepSessionId?: string, tx?: Transaction): Promise<number> {
    await this.sessions.endAllOf(
      userId,
      this.clock.now(),
      this.options.signedInTtlSeconds,
      keepSessionId,
    );
    const kept = keepSessionId === undefined ? null : this.sessions.keyOf(keepSessionId);
    const sessionIds = await this.listed.removeAllOf(userId, kept, tx);
    const signOut = { userId, sessionIds, everySession: kept === null };
    if (tx) await this.events.record(tx, signOut);
    else await this.events.recordAlone(signOut);
    return sessionIds.length;
  }
}
