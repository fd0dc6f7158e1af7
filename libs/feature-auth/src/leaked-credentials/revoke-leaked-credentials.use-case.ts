import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import {
  OutboxWriter,
  PrincipalCache,
  RandomSource,
  TokenRevoker,
  type Transaction,
  TransactionRunner,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { tokenLeakedMessage } from './leaked-credential-events';
import { LeakedTokenNoticeStore } from './ports/leaked-token-notice.store';
import type { LeakReport, LiveLeakedToken } from './ports/leaked-token-records';
import { LeakedTokenStore } from './ports/leaked-token.store';

import { SecurityNotices } from '../security-notices/security-notices';
/**
 * Revokes every live token of a leak report and tells each owner once (docs/security.md "Leaked
 * tokens"), in one transaction: access and refresh tokens through TokenRevoker (a refresh token
 * with its whole grant, with their token.revoked events), personal tokens as their deletion does;
 * then a notice and a token.leaked event per token this report revoked. A token revoked already
 * (by an earlier report, a concurrent one, or its owner) tells nobody again, so a report handled
 * twice changes nothing.
 */
@Injectable()
export class RevokeLeakedCredentials {
  constructor(
    private readonly tokens: LeakedTokenStore,
    private readonly notices: LeakedTokenNoticeStore,
    private readonly revoker: TokenRevoker,
    private readonly principals: PrincipalCache,
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxWriter,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() private readonly securityNotices?: SecurityNotices,
  ) {}

  /** How many tokens this report revoked. */
  async execute(report: LeakReport): Promise<number> {
    const nowMs = this.clock.now();
    const now = new Date(nowMs);
    const live = await this.tokens.findLive(report.tokenHashes, now);
    if (live.length === 0) return 0;
    return this.transactions.run(async (tx) => {
      let revoked = 0;
      for (const token of live) {
        if (!(await this.revoke(tx, token, now))) continue;
        revoked += 1;
        if (token.userId === null) continue;
        const notice = {
          id: this.random.id(nowMs),
          userId: token.userId,
          tokenKind: token.kind,
          tokenId: token.id,
          tokenName: token.name,
          clientId: token.clientId,
          reportedAt: report.reportedAt,
          revokedAt: now,
          dismissedAt: null,
        };
        if (!(await this.notices.record(tx, notice))) continue;
        await this.outbox.append(tx, tokenLeakedMessage(notice));
        await this.securityNotices?.record(tx, token.userId, 'token_revoked_as_leaked', {
          token: token.name ?? token.kind,
        });
      }
      return revoked;
    });
  }

  /** Whether this call revoked the token (false: someone else did first). */
  private async revoke(tx: Transaction, token: LiveLeakedToken, at: Date): Promise<boolean> {
    switch (token.kind) {
      case 'personal':
        // Stale first: a check reading the token before the revocation commits cannot cache it again.
        await this.principals.invalidate([token.tokenHash]);
        return this.tokens.revokePersonalToken(tx, token.id, at);
      case 'access':
        return (await this.revoker.revokeAccessToken(tx, token.id, 'revocation_request')) !== null;
      case 'refresh': {
        const family = await this.revoker.revokeFamily(tx, token.familyId!, 'revocation_request');
        return family.refreshTokens.some((refresh) => refresh.id === token.id);
      }
    }
  }
}
