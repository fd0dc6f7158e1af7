import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import { PrincipalCache } from '../principal/principal-cache';
import { OutboxWriter } from '../transactions/ports/outbox.writer';
import type { Transaction } from '../transactions/ports/transaction';
import type { AccessTokenRecord } from './ports/token-records';
import { RevokedFamily, TokenStore } from './ports/token.store';
import { RevocationReason, tokenRevokedMessage } from './token-events';

/**
 * Revokes tokens in the caller's transaction, with a token.revoked event per token revoked. The
 * revoked access tokens' cached principals are marked stale before the transaction commits, so
 * the next check anywhere reads the revocation (docs/architecture.md "Principal cache").
 */
@Injectable()
export class TokenRevoker {
  constructor(
    private readonly tokens: TokenStore,
    private readonly outbox: OutboxWriter,
    private readonly principals: PrincipalCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Every refresh and access token of a grant (RFC 9700 §4.14.2: reuse of a rotated refresh
   * token; OAuth 2.1 §4.1.3: replay of an authorization code).
   */
  async revokeFamily(
    tx: Transaction,
    familyId: string,
    reason: RevocationReason,
  ): Promise<RevokedFamily> {
    const at = new Date(this.clock.now());
    const revoked = await this.tokens.revokeFamily(tx, familyId, at);
    await this.principals.invalidate(revoked.accessTokens.map((token) => token.tokenHash));
    for (const token of revoked.refreshTokens)
      await this.publish(tx, tokenRevokedMessage(token, 'refresh', reason, at));
    for (const token of revoked.accessTokens)
      await this.publish(tx, tokenRevokedMessage(token, 'access', reason, at));
    return revoked;
  }

  /** One access token; null when it was already revoked. */
  async revokeAccessToken(
    tx: Transaction,
    id: string,
    reason: RevocationReason,
  ): Promise<AccessTokenRecord | null> {
    const at = new Date(this.clock.now());
    const revoked = await this.tokens.revokeAccessToken(tx, id, at);
    if (revoked) await this.principals.invalidate([revoked.tokenHash]);
    if (revoked) await this.publish(tx, tokenRevokedMessage(revoked, 'access', reason, at));
    return revoked;
  }

  /**
   * One personal access token, its cached principal marked stale first (a check reading the token
   * before the revocation commits cannot cache it again); false when it was already revoked.
   * token.revoked v1 describes OAuth tokens (it names their app), so a personal token has none, as
   * its deletion by its owner has none.
   */
  async revokePersonalToken(
    tx: Transaction,
    token: { id: string; tokenHash: string },
  ): Promise<boolean> {
    await this.principals.invalidate([token.tokenHash]);
    return this.tokens.revokePersonalToken(tx, token.id, new Date(this.clock.now()));
  }

  private async publish(
    tx: Transaction,
    message: ReturnType<typeof tokenRevokedMessage>,
  ): Promise<void> {
    if (message) await this.outbox.append(tx, message);
  }
}
