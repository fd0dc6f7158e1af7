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
  AuthenticatedClient,
  ClientAuthenticator,
  GrantHandler,
  TokenIssuer,
  TokenRequestContext,
  TokenResponseBody,
  TokenRevoker,
  TokenStore,
  type Transaction,
  TransactionRunner,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { narrowRefreshScopes } from './narrow-refresh-scopes';
import { RefreshRotationGrace } from './refresh-rotation-grace';

type Outcome = { body: TokenResponseBody } | { refused: InvalidGrant };

/**
 * The `refresh_token` grant (RFC 6749 §6). Refresh tokens rotate on every use; presenting one
 * already used revokes every token of its grant (RFC 9700 §4.14.2), and that revocation is
 * committed even though the request fails, except within the short grace of RefreshRotationGrace,
 * where the same token gets the same answer again. The user is checked again: a disabled user
 * gets invalid_grant.
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
    const refreshToken = request.params.refresh_token;
    if (!refreshToken) throw new InvalidRequest('refresh_token is required');
    let outcome: Outcome;
    try {
      outcome = await this.transactions.run((tx) =>
        this.redeem(tx, client, refreshToken, request.params.scope, rateLimitKeyOf(request.ip)),
      );
    } catch (error) {
      await this.grace.forget(refreshToken);
      throw error;
    }
    if ('refused' in outcome) throw outcome.refused;
    return outcome.body;
  }

  private async redeem(
    tx: Transaction,
    client: AuthenticatedClient,
    refreshToken: string,
    scope: string | undefined,
    requester: string,
  ): Promise<Outcome> {
    const row = await this.tokens.lockRefreshToken(tx, hashToken(refreshToken));
    if (!row || row.clientId !== client.clientId)
      return refused('Invalid refresh token', 'unknown, or issued to another client');
    if (row.revokedAt) return refused('The refresh token was revoked');
    const now = this.clock.now();
    if (row.usedAt) {
      const again =
        row.usedAt.getTime() + this.grace.windowMs > now
          ? await this.grace.answerFor(refreshToken, requester)
          : null;
      if (again) return { body: again };
      await this.revoker.revokeFamily(tx, row.familyId, 'refresh_token_reuse');
      return refused(
        'The refresh token was already used; every token of this grant is now revoked',
        `family ${row.familyId}`,
      );
    }
    if (isExpired(row.expiresAt.getTime(), now)) return refused('The refresh token expired');
    const { user } = row;
    if (!user || user.disabledAt)
      return refused('The user of this grant can no longer sign in', `user ${row.userId}`);

    const scopes = narrowRefreshScopes(scope, row.scopes);
    const body = await this.issuer.issue(tx, {
      kind: 'oauth',
      userId: row.userId,
      clientId: row.clientId,
      scopes,
      // RFC 6749 §6: a new refresh token keeps the scope of the one it replaces.
      refreshTokenScopes: row.scopes,
      orgIds: row.orgIds,
      ttlSeconds: client.accessTokenTtlSeconds,
      withRefreshToken: true,
      refreshFamilyId: row.familyId,
      authTime: row.authTime,
      idToken: scopes.includes('openid'),
      grantType: this.grantType,
      user,
      rotatedRefreshTokenId: row.id,
      // Kept before the commit: a concurrent refresh waiting on the row lock finds it.
      alongsideWrite: (answer) => this.grace.remember(refreshToken, requester, answer),
    });
    return { body };
  }
}

function refused(description: string, detail?: string): Outcome {
  return { refused: new InvalidGrant(description, detail) };
}
