import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { SessionStore, TokenRevoker, type Transaction } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { EndedSessionsView } from '@gatehouse/settings-api';
import { ADMIN_OPTIONS, type AdminOptions } from './admin-options';
import { AdminAccountStore } from './ports/admin-account.store';

/**
 * Signs a user out everywhere: every browser session, and every live OAuth refresh and access
 * token (with their token.revoked events). Personal tokens are credentials the user made, not
 * sign-ins, and stay.
 */
@Injectable()
export class AccountSignOut {
  constructor(
    private readonly accounts: AdminAccountStore,
    private readonly revoker: TokenRevoker,
    private readonly sessions: SessionStore,
    @Inject(ADMIN_OPTIONS) private readonly options: AdminOptions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** In the caller's transaction; the sessions end at once, whether or not it commits. */
  async everywhere(tx: Transaction, userId: string): Promise<EndedSessionsView> {
    const now = this.clock.now();
    await this.sessions.endAllOf(userId, now, this.options.signedInSessionTtlSeconds);
    const live = await this.accounts.liveOAuthTokensOf(tx, userId, new Date(now));
    let refreshTokensRevoked = 0;
    let accessTokensRevoked = 0;
    for (const familyId of live.refreshFamilyIds) {
      const revoked = await this.revoker.revokeFamily(tx, familyId, 'signed_out');
      refreshTokensRevoked += revoked.refreshTokens.length;
      accessTokensRevoked += revoked.accessTokens.length;
    }
    for (const id of live.accessTokenIds)
      if (await this.revoker.revokeAccessToken(tx, id, 'signed_out')) accessTokensRevoked += 1;
    return { sessionsEnded: true, refreshTokensRevoked, accessTokensRevoked };
  }
}
