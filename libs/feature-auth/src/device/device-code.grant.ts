import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  AccessDenied,
  AuthorizationPending,
  Clock,
  DEVICE_CODE_GRANT_TYPE,
  DevicePollState,
  evaluatePoll,
  ExpiredToken,
  InvalidGrant,
  InvalidRequest,
  SlowDown,
} from '@gatehouse/domain';
import {
  AccountReader,
  AuthenticatedClient,
  ClientAuthenticator,
  GrantHandler,
  SigningKeys,
  TokenIssuer,
  TokenRequestContext,
  TokenResponseBody,
  TransactionRunner,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { DeviceAuthorization, DeviceDecision } from './device-authorization-record';
import { ConsentWithdrawals } from '../consent/consent-withdrawals';
import { DeviceAuthorizations } from './device-authorizations';

const UNKNOWN_CODE = 'The device code is unknown or was already used';

/**
 * The device code grant of `POST /oauth/token` (RFC 8628 §3.4-3.5, docs/oauth.md "Device flow"). Each poll is
 * judged by the domain's `evaluatePoll`: `authorization_pending`, `slow_down` (the interval then
 * grows by 5 s, for good), `access_denied`, `expired_token`, and `invalid_grant` for a code that
 * is unknown, another client's or already redeemed. Redemption is single use even under
 * concurrent polls, and the approving account is checked again: a user disabled (or deleted)
 * after approving gets nothing.
 */
@Injectable()
export class DeviceCodeGrant implements GrantHandler {
  readonly grantType = DEVICE_CODE_GRANT_TYPE;

  constructor(
    private readonly clients: ClientAuthenticator,
    private readonly authorizations: DeviceAuthorizations,
    private readonly accounts: AccountReader,
    private readonly issuer: TokenIssuer,
    private readonly transactions: TransactionRunner,
    private readonly signingKeys: SigningKeys,
    private readonly withdrawals: ConsentWithdrawals,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(request: TokenRequestContext): Promise<TokenResponseBody> {
    const client = await this.clients.authenticate(request);
    const deviceCode = request.params.device_code;
    if (!deviceCode) throw new InvalidRequest('device_code is required');
    const deviceCodeHash = hashToken(deviceCode);
    const authorization = await this.authorizations.find(deviceCodeHash);
    if (!authorization) throw new InvalidGrant(UNKNOWN_CODE);
    if (authorization.clientId !== client.clientId)
      throw new InvalidGrant(UNKNOWN_CODE, `device code of client ${authorization.clientId}`);

    const [polling, decision, redeemed] = await Promise.all([
      this.authorizations.pollingOf(deviceCodeHash),
      this.authorizations.decisionOf(deviceCodeHash),
      this.authorizations.isRedeemed(deviceCodeHash),
    ]);
    if (!polling) throw new InvalidGrant(UNKNOWN_CODE, 'polling state vanished');
    const nowMs = this.clock.now();
    const state: DevicePollState = {
      status: redeemed ? 'redeemed' : (decision?.status ?? 'pending'),
      intervalSeconds: polling.intervalSeconds,
      lastPolledAt: polling.lastPolledAt,
      expiresAt: authorization.expiresAt,
    };
    const { outcome, nextState } = evaluatePoll(state, nowMs);
    await this.authorizations.savePolling(deviceCodeHash, {
      intervalSeconds: nextState.intervalSeconds,
      lastPolledAt: nextState.lastPolledAt,
    });

    switch (outcome) {
      case 'authorization_pending':
        throw new AuthorizationPending('The user has not answered yet');
      case 'slow_down':
        throw new SlowDown(
          `Polling too fast: wait at least ${nextState.intervalSeconds} seconds between requests`,
        );
      case 'access_denied':
        throw new AccessDenied('The user denied the request');
      case 'expired_token':
        throw new ExpiredToken('The device code expired; start again');
      case 'invalid_grant':
        throw new InvalidGrant(UNKNOWN_CODE, 'already redeemed');
      case 'issue':
        return this.redeem(client, deviceCodeHash, authorization, decision!, nowMs);
    }
  }

  private async redeem(
    client: AuthenticatedClient,
    deviceCodeHash: string,
    authorization: DeviceAuthorization,
    decision: DeviceDecision,
    nowMs: number,
  ): Promise<TokenResponseBody> {
    if (decision.status !== 'approved')
      throw new Error('Only an approved device authorization is redeemed');
    if (
      await this.withdrawals.withdrawnSince(
        decision.userId,
        client.clientId,
        decision.decidedAt ?? authorization.createdAt,
      )
    ) {
      throw new InvalidGrant(UNKNOWN_CODE, "the user withdrew the app's access after approving");
    }
    if (!(await this.authorizations.claimRedemption(deviceCodeHash, authorization, nowMs))) {
      throw new InvalidGrant(UNKNOWN_CODE, 'redeemed by a concurrent poll');
    }
    try {
      // The all-in-one's PGlite has one connection: keys read inside the transaction would wait
      // for the connection the transaction holds. Read (and cache) them first.
      if (decision.scopes.includes('openid')) await this.signingKeys.jwks();
      return await this.transactions.run(async (manager) => {
        const user = await this.accounts.findUser(decision.userId, manager);
        if (!user || user.disabledAt !== null) {
          throw new InvalidGrant(
            'The account that approved this sign-in can no longer sign in',
            `user ${decision.userId}`,
          );
        }
        // Organizations the user left since approving are not granted.
        const memberOf = new Set(
          (await this.accounts.membershipsOf(user.id, manager)).map(
            (membership) => membership.organization.id,
          ),
        );
        return this.issuer.issue(manager, {
          kind: 'oauth',
          userId: user.id,
          clientId: client.clientId,
          scopes: decision.scopes,
          orgIds: decision.orgIds.filter((orgId) => memberOf.has(orgId)),
          ttlSeconds: client.accessTokenTtlSeconds,
          withRefreshToken: true,
          authTime: new Date(decision.authTime),
          idToken: decision.scopes.includes('openid'),
          grantType: this.grantType,
        });
      });
    } catch (error) {
      // A refusal is final; any other failure (the database) leaves the code redeemable for the retry.
      if (!(error instanceof InvalidGrant))
        await this.authorizations.releaseRedemption(deviceCodeHash);
      throw error;
    }
  }
}
