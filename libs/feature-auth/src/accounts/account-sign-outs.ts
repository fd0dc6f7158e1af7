import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { SessionStore, TokenRevoker, type Transaction } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from './accounts-options';
import { OwnAccountRepository } from './ports/own-account.repository';

/**
 * Signs an account out everywhere after its password was reset: every refresh token (and the
 * access tokens of its families) revoked in the caller's transaction, and, once that committed,
 * every browser session ended (SessionStore.endAllOf). Personal tokens stay: their owner manages
 * them on the tokens page.
 */
@Injectable()
export class AccountSignOuts {
  constructor(
    private readonly accounts: OwnAccountRepository,
    private readonly revoker: TokenRevoker,
    private readonly sessions: SessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
  ) {}

  async revokeRefreshTokens(tx: Transaction, userId: string): Promise<void> {
    for (const family of await this.accounts.liveRefreshFamilies(tx, userId))
      await this.revoker.revokeFamily(tx, family, 'signed_out');
  }

  endSessions(userId: string): Promise<void> {
    return this.sessions.endAllOf(userId, this.clock.now(), this.options.signedInSessionTtlSeconds);
  }
}
