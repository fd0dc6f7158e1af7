import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  InvalidClient,
  InvalidGrant,
  InvalidRequest,
  InvalidTarget,
  MAX_TOKEN_DURATION_SECONDS,
  OAuthError,
  resolveRequestedScopes,
  twoFactorRequiredMessage,
} from '@gatehouse/domain';
import {
  ClientLookup,
  SigningKeys,
  TokenIssuer,
  TokenResponseBody,
  TransactionRunner,
} from '@gatehouse/identity';
import { LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { AUDIT_ACTIONS } from '../audit/audit-entry';
import { AuditRecorder } from '../audit/audit-recorder';
import {
  DirectoryOrganization,
  OrganizationDirectory,
} from '../organizations/ports/organization-directory';
import { TOKEN_EXCHANGE_OPTIONS, TokenExchangeServiceOptions } from '../token-exchange-options';
import { authenticateExchangeClient, ExchangeAttempt } from './exchange-client-authentication';
import {
  assertImpersonationOnly,
  auditedSubject,
  requiredSubjectToken,
} from './exchange-parameters';
import { ID_TOKEN_TYPE, TokenExchangeRequest } from './token-exchange-request';

/**
 * The organization grant (docs/oauth.md "Token exchange"): an organization-bound app with the
 * token-exchange privilege trades a member's e-mail for an access token bound to the organization
 * and limited by the member's role. The token and its audit entry commit together; a refused
 * attempt on a known organization is audited with its error code.
 */
@Injectable()
export class UserEmailExchange {
  constructor(
    private readonly clients: ClientLookup,
    private readonly directory: OrganizationDirectory,
    private readonly issuer: TokenIssuer,
    private readonly signingKeys: SigningKeys,
    private readonly audit: AuditRecorder,
    private readonly transactions: TransactionRunner,
    @Inject(TOKEN_EXCHANGE_OPTIONS)
    private readonly options: Pick<TokenExchangeServiceOptions, 'userEmailTokenType'>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async exchange(request: TokenExchangeRequest): Promise<TokenResponseBody> {
    const attempt: ExchangeAttempt = { clientId: null, orgId: null };
    try {
      return await this.attempt(request, attempt);
    } catch (error) {
      if (error instanceof OAuthError && attempt.orgId)
        await this.auditRefusal(request, attempt.orgId, attempt.clientId, error);
      throw error;
    }
  }

  private async attempt(
    request: TokenExchangeRequest,
    attempt: ExchangeAttempt,
  ): Promise<TokenResponseBody> {
    const { params } = request;
    const app = await authenticateExchangeClient(
      request.authorization,
      params,
      (id) => this.clients.findByClientId(id),
      attempt,
    );
    if (!app.tokenExchange)
      throw new InvalidClient('The client is not authorized for token exchange');
    // One read for the organization, the member and the role (docs/benchmarks.md "Token exchange"); checked in the order below.
    const parties = app.boundOrgId
      ? await this.directory.exchangeParties(app.boundOrgId, params.subject_token || null)
      : null;
    const org = this.boundOrganization(parties?.organization ?? null);
    const email = requiredSubjectToken(params);
    this.assertParameters(params);
    const scopes = resolveRequestedScopes(params.scope, app.scopes, { baseline: false });

    const user = parties?.user ?? null;
    const role = user && !user.disabledAt ? (parties?.role ?? null) : null;
    if (!user || !role) {
      throw new InvalidGrant(
        'The user is not a member of the organization the app is bound to',
        `no active member ${email} in ${org.name}`,
      );
    }
    if (parties!.twoFactorMissing)
      throw new InvalidGrant(twoFactorRequiredMessage(org.name), `${user.id} has no second factor`);

    const ttlSeconds = Math.min(
      app.tokenExchangeTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
      MAX_TOKEN_DURATION_SECONDS,
    );
    // The id_token's signing key is read before the transaction: the all-in-one's PGlite has one connection.
    if (scopes.includes('openid')) await this.signingKeys.jwks();
    return this.transactions.run(async (tx) => {
      const issued = await this.issuer.issueTokens(
        tx,
        {
          kind: 'exchange',
          userId: user.id,
          clientId: app.clientId,
          scopes,
          orgIds: [org.id],
          boundOrgId: org.id,
          memberRole: role,
          ttlSeconds,
          withRefreshToken: false,
          idToken: scopes.includes('openid'),
          user,
        },
        this.audit.tokenWriteLockingHead(org.id),
      );
      await this.audit.record(
        tx,
        {
          orgId: org.id,
          action: AUDIT_ACTIONS.tokenExchange,
          outcome: 'success',
          clientId: app.clientId,
          subject: auditedSubject(email),
          detail: {
            userId: user.id,
            username: user.username,
            memberRole: role,
            scopes,
            expiresIn: ttlSeconds,
            tokenId: issued.accessTokenId,
            ip: request.ip,
          },
        },
        issued.written,
      );
      return issued.body;
    });
  }

  /** docs/oauth.md "Token exchange": the binding and the Enterprise plan (the privilege is checked before the read). */
  private boundOrganization(org: DirectoryOrganization | null): DirectoryOrganization {
    if (!org) throw new InvalidClient('The app is not bound to an organization');
    if (org.plan !== 'enterprise') {
      throw new InvalidClient(
        'Token exchange is available to organizations on the Enterprise plan only',
        `${org.name} is on ${org.plan}`,
      );
    }
    return org;
  }

  private assertParameters(params: Record<string, string>): void {
    const type = params.subject_token_type;
    if (!type) throw new InvalidRequest('subject_token_type is required');
    if (type !== this.options.userEmailTokenType) {
      throw new InvalidRequest(
        `subject_token_type must be ${this.options.userEmailTokenType} or ${ID_TOKEN_TYPE}`,
      );
    }
    assertImpersonationOnly(params);
    // RFC 8693 §2.2.2: a target the server will not issue for is invalid_target.
    if (params.resource || params.audience) {
      throw new InvalidTarget(
        "Exchanged tokens are bound to the app's organization: resource and audience are not supported",
      );
    }
  }

  private async auditRefusal(
    request: TokenExchangeRequest,
    orgId: string,
    clientId: string | null,
    error: OAuthError,
  ): Promise<void> {
    try {
      await this.audit.recordAlone({
        orgId,
        action: AUDIT_ACTIONS.tokenExchange,
        outcome: 'failure',
        errorCode: error.code,
        clientId,
        subject: auditedSubject(request.params.subject_token),
        detail: { reason: error.description, ip: request.ip },
      });
    } catch (failure) {
      // The client still gets its OAuth error; losing the entry is logged loudly.
      this.logger.error(
        { err: failure, orgId, clientId, errorCode: error.code },
        'could not audit a refused token exchange',
      );
    }
  }
}
