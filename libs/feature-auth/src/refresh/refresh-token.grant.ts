import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  Clock,
  InvalidGrant,
  InvalidRequest,
  isExpired,
  rateLimitKeyOf,
  REFRESH_TOKEN_GRANT_TYPE,
} from '@gatehouse/domain';
import {
  ClientAuthenticator,
  GrantHandler,
  RefreshRotationOutcome,
  TokenIssuer,
  TokenRequestContext,
  TokenResponseBody,
  TokenRevoker,
  TokenStore,
  TransactionRunner,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { narrowRefreshScopes, refreshNarrowing } from './narrow-refresh-scopes';
import { KeptRotation, RefreshRotationGrace } from './refresh-rotation-grace';

type FoundToken = RefreshRotationOutcome['token'];

/**
 * The `refresh_token` grant (RFC 6749 §6). Refresh tokens rotate on every use; presenting one
 * already used revokes every token of its grant (RFC 9700 §4.14.2), and that revocation is
 * committed even though the request fails, except within the short grace of RefreshRotationGrace,
 * where the same token gets the same answer again. The user is checked again: a disabled user
 * gets invalid_grant.
 *
 * A rotation is one statement (TokenStore.rotateRefreshToken) with no transaction around it: the
 * new pair is drawn first, the store spends the token only when every check below would pass, and
 * the checks then name what refused it, in the order a client is told.
 */
@Injectable()
export class RefreshTokenGrant implements GrantHandler {
  readonly grantType = REFRESH_TOKEN_GRANT_TYPE;

  constructor(
    private readonly clients: ClientAuthenticator,
    private readonly tokens: TokenStore,
    private readonly issuer: TokenIssuer,
    private readonly revoker: TokenRevoker,
    private readonly transactions: TransactionRunner,
    private readonly grace: RefreshRotationGrace,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(request: TokenRequestContext): Promise<TokenResponseBody> {
    const client = await this.clients.authenticate(request);
    const presented = request.params.refresh_token;
    if (!presented) throw new InvalidRequest('refresh_token is required');
    const requester = rateLimitKeyOf(request.ip);
    const scope = request.params.scope;
    const nowMs = this.clock.now();
    const drawn = this.issuer.drawRotation(nowMs, client.accessTokenTtlSeconds);
    const rotation: KeptRotation = {
      accessToken: drawn.accessToken,
      refreshToken: drawn.refreshToken,
      ttlSeconds: client.accessTokenTtlSeconds,
      scope: scope ?? null,
      issuedAtMs: nowMs,
    };
    const found = await this.tokens.rotateRefreshToken({
      tokenHash: hashToken(presented),
      clientId: client.clientId,
      at: new Date(nowMs),
      narrowedTo: refreshNarrowing(scope),
      accessToken: drawn.access,
      refreshToken: drawn.refresh,
      answer: this.grace.seal(presented, requester, rotation),
    });

    const token = found?.token;
    if (!token || token.clientId !== client.clientId)
      throw new InvalidGrant('Invalid refresh token', 'unknown, or issued to another client');
    if (token.revokedAt) throw new InvalidGrant('The refresh token was revoked');
    if (token.usedAt) return this.reused(token, token.usedAt, presented, requester, nowMs);
    if (isExpired(token.expiresAt.getTime(), nowMs))
      throw new InvalidGrant('The refresh token expired');
    const { user } = token;
    if (!user || user.disabledAt)
      throw new InvalidGrant(
        'The user of this grant can no longer sign in',
        `user ${token.userId}`,
      );
    const scopes = narrowRefreshScopes(scope, token.scopes);
    if (!found.rotated)
      throw new Error(`Refresh token ${token.id} passed every check but was not spent`);
    return this.issuer.rotationAnswer({ ...rotation, token: { ...token, user }, scopes });
  }

  /**
   * A spent token again: the answer its rotation gave when this is that requester's retry within
   * the grace; otherwise every token of the grant is revoked, committed before the refusal.
   */
  private async reused(
    token: FoundToken,
    usedAt: Date,
    presented: string,
    requester: string,
    nowMs: number,
  ): Promise<TokenResponseBody> {
    const kept =
      usedAt.getTime() + this.grace.windowMs > nowMs
        ? this.grace.open(presented, requester, token.answer)
        : null;
    if (kept && token.user) {
      const scopes = narrowRefreshScopes(kept.scope ?? undefined, token.scopes);
      return this.issuer.rotationAnswer({ ...kept, token: { ...token, user: token.user }, scopes });
    }
    await this.transactions.run((tx) =>
      this.revoker.revokeFamily(tx, token.familyId, 'refresh_token_reuse'),
    );
    throw new InvalidGrant(
      'The refresh token was already used; every token of this grant is now revoked',
      `family ${token.familyId}`,
    );
  }
}
