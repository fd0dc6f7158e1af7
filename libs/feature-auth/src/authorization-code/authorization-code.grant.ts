import { Injectable } from '@nestjs/common';
import {
  AUTHORIZATION_CODE_GRANT_TYPE,
  InvalidGrant,
  InvalidRequest,
  verifyPkce,
} from '@gatehouse/domain';
import {
  ClientAuthenticator,
  GrantHandler,
  SigningKeys,
  TokenIssuer,
  TokenRequestContext,
  TokenResponseBody,
  TokenRevoker,
  TransactionRunner,
} from '@gatehouse/identity';
import { ConsentWithdrawals } from '../consent/consent-withdrawals';
import { AuthorizationCodes } from './authorization-codes';

const INVALID_CODE = 'The authorization code is invalid, expired or already used';

/**
 * `grant_type=authorization_code` (RFC 6749 §4.1.3, RFC 7636 §4.6, docs/oauth.md "Authorization code and PKCE"). The client
 * is the one named by `client_id` or Basic credentials, or, when the request names none
 * (huggingface.js), the code's own client. Every check runs before the code is redeemed, so a
 * wrong request does not burn the code; redeeming is atomic; a second use revokes the tokens of
 * the first (OAuth 2.1 §4.1.3).
 */
@Injectable()
export class AuthorizationCodeGrant implements GrantHandler {
  readonly grantType = AUTHORIZATION_CODE_GRANT_TYPE;

  constructor(
    private readonly codes: AuthorizationCodes,
    private readonly clients: ClientAuthenticator,
    private readonly issuer: TokenIssuer,
    private readonly revoker: TokenRevoker,
    private readonly transactions: TransactionRunner,
    private readonly signingKeys: SigningKeys,
    private readonly withdrawals: ConsentWithdrawals,
  ) {}

  async handle(ctx: TokenRequestContext): Promise<TokenResponseBody> {
    const code = ctx.params.code;
    if (!code) throw new InvalidRequest('code is required');
    const record = await this.codes.peek(code);
    if (!record) return this.refuseReplay(code);

    const verifier = ctx.params.code_verifier || null;
    const client = await this.clients.authenticate(ctx, {
      clientIdFromGrant: record.clientId,
      pkceBoundCode: record.codeChallenge !== null && verifier !== null,
    });
    if (client.clientId !== record.clientId)
      throw new InvalidGrant(
        INVALID_CODE,
        `code was issued to ${record.clientId}, not ${client.clientId}`,
      );
    verifyPkce({
      challenge: record.codeChallenge?.challenge,
      method: record.codeChallenge?.method,
      verifier,
    });
    if (ctx.params.redirect_uri !== record.redirectUri) {
      throw new InvalidGrant(
        'redirect_uri must equal the redirect_uri of the authorization request',
      );
    }

    // A withdrawn code is redeemed too (spent, not issued), so both round trips go out at once.
    const [withdrawn, redeemed] = await Promise.all([
      this.withdrawals.withdrawnSince(record.userId, record.clientId, record.issuedAt),
      this.codes.redeem(code, record),
    ]);
    if (withdrawn)
      throw new InvalidGrant(
        INVALID_CODE,
        "the user withdrew the app's access after the code was issued",
      );
    if (!redeemed) return this.refuseReplay(code);
    // The all-in-one's PGlite has a single connection: signing keys loaded inside the transaction
    // would wait for the connection the transaction holds. Load (and cache) them first.
    if (record.scopes.includes('openid')) await this.signingKeys.jwks();
    // The issuance writes the token pair and their events in one statement, and reads (a code from
    // an earlier release carries no account) the user only: no transaction around it is needed.
    const body = await this.transactions.runEachStatementAlone((tx) =>
      this.issuer.issue(tx, {
        kind: 'oauth',
        userId: record.userId,
        clientId: record.clientId,
        scopes: record.scopes,
        orgIds: record.orgIds,
        ttlSeconds: client.accessTokenTtlSeconds,
        withRefreshToken: true,
        refreshFamilyId: record.familyId,
        authTime: new Date(record.authTime),
        nonce: record.nonce ?? undefined,
        sessionId: record.sid,
        idToken: record.scopes.includes('openid'),
        grantType: this.grantType,
        ...(record.account && {
          user: record.account.user,
          cachePrincipal: {
            memberships: record.account.memberships,
            twoFactor: record.account.twoFactor,
            appName: client.app?.name ?? null,
          },
        }),
      }),
    );
    // A replay that arrived while the tokens were being issued could not revoke them yet.
    if (await this.codes.wasReplayed(code)) {
      await this.revokeFamily(record.familyId);
      throw new InvalidGrant(INVALID_CODE, 'code was replayed while its tokens were issued');
    }
    return body;
  }

  private async refuseReplay(code: string): Promise<never> {
    const familyId = await this.codes.flagReplay(code);
    if (familyId !== null) {
      await this.revokeFamily(familyId);
      throw new InvalidGrant(INVALID_CODE, `code replayed: grant ${familyId} revoked`);
    }
    throw new InvalidGrant(INVALID_CODE);
  }

  private revokeFamily(familyId: string): Promise<unknown> {
    return this.transactions.run((manager) =>
      this.revoker.revokeFamily(manager, familyId, 'authorization_code_reuse'),
    );
  }
}
