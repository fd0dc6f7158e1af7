import { Inject, Injectable } from '@nestjs/common';
import {
  InvalidGrant,
  TemporarilyUnavailable,
  TRUSTED_PUBLISHER_TOKEN_TTL_SECONDS,
} from '@gatehouse/domain';
import {
  type IssueTokenRequest,
  TokenIssuer,
  TokenResponseBody,
  TransactionRunner,
} from '@gatehouse/identity';
import { LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { AUDIT_ACTIONS } from '../audit/audit-entry';
import { AuditRecorder } from '../audit/audit-recorder';
import { OrganizationDirectory } from '../organizations/ports/organization-directory';
import { CiTokenVerifier } from '../trusted-publishers/ci-token-verifier';
import { JwksUnavailableError } from '../trusted-publishers/jwks-fetcher';
import { matchTrustedPublisher } from '../trusted-publishers/trusted-publisher-match';
import {
  TrustedPublisher,
  TrustedPublisherStore,
} from '../trusted-publishers/ports/trusted-publisher.store';
import { unverifiedIssuer } from '../trusted-publishers/unverified-issuer';
import { assertImpersonationOnly, requiredSubjectToken } from './exchange-parameters';
import { TokenExchangeRequest } from './token-exchange-request';

/** Claims copied into the audit entry: who ran the job, from where. */
const AUDITED_CLAIMS = [
  'sub',
  'repository',
  'workflow',
  'workflow_ref',
  'ref',
  'environment',
  'job_workflow_ref',
  'run_id',
];

/**
 * The CI id_token grant ("trusted publishers", docs/oauth.md "Token exchange"): no client credentials; the CI
 * provider's signed token, verified against its JWKS, must carry the configured audience and
 * match a trusted-publisher entry. The answer is a one-hour `hf_jwt_` token for that repository
 * alone, without refresh token, audited in the repository owner's organization when it is one.
 */
@Injectable()
export class TrustedPublisherExchange {
  constructor(
    private readonly publishers: TrustedPublisherStore,
    private readonly verifier: CiTokenVerifier,
    private readonly directory: OrganizationDirectory,
    private readonly issuer: TokenIssuer,
    private readonly audit: AuditRecorder,
    private readonly transactions: TransactionRunner,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async exchange(request: TokenExchangeRequest): Promise<TokenResponseBody> {
    const { params } = request;
    const jwt = requiredSubjectToken(params);
    assertImpersonationOnly(params);
    const issuer = unverifiedIssuer(jwt);
    const candidates = await this.publishers.findByIssuer(issuer);
    if (candidates.length === 0)
      throw new InvalidGrant("No trusted publisher is configured for this token's issuer", issuer);
    const claims = await this.verified(jwt, candidates[0]!);
    const publisher = matchTrustedPublisher(candidates, claims, params.resource);

    const repo = { type: publisher.repoType, name: publisher.repoName };
    const owner = await this.directory.findOrganizationByName(publisher.repoName.split('/')[0]!);
    return this.transactions.run(async (tx) => {
      const issuance: IssueTokenRequest = {
        kind: 'trusted_publisher',
        userId: null,
        clientId: null,
        scopes: [],
        orgIds: [],
        repo,
        ttlSeconds: TRUSTED_PUBLISHER_TOKEN_TTL_SECONDS,
        withRefreshToken: false,
        idToken: false,
      };
      // The owner's audit head is locked by the statement that writes the token (docs/benchmarks.md "Token exchange").
      const issued = owner
        ? await this.issuer.issueTokens(tx, issuance, this.audit.tokenWriteLockingHead(owner.id))
        : await this.issuer.issueTokens(tx, issuance);
      if (owner) {
        await this.audit.record(
          tx,
          {
            orgId: owner.id,
            action: AUDIT_ACTIONS.trustedPublisherExchange,
            outcome: 'success',
            subject: `${repo.type}/${repo.name}`,
            detail: {
              issuer,
              publisherId: publisher.id,
              tokenId: issued.accessTokenId,
              expiresIn: TRUSTED_PUBLISHER_TOKEN_TTL_SECONDS,
              claims: pick(claims, AUDITED_CLAIMS),
              ip: request.ip,
            },
          },
          issued.written,
        );
      }
      return issued.body;
    });
  }

  /** Every entry of one issuer is verified against that issuer's JWKS (the first entry's URL). */
  private async verified(
    jwt: string,
    publisher: TrustedPublisher,
  ): Promise<Record<string, unknown>> {
    try {
      return await this.verifier.verify(jwt, {
        issuer: publisher.issuer,
        jwksUri: publisher.jwksUri,
      });
    } catch (error) {
      if (!(error instanceof JwksUnavailableError)) throw error;
      this.logger.warn({ err: error, issuer: publisher.issuer }, 'CI provider keys unavailable');
      throw new TemporarilyUnavailable(
        "The CI provider's signing keys could not be fetched; try again later",
        error.message,
      );
    }
  }
}

function pick(claims: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = claims[name];
    if (typeof value === 'string' || typeof value === 'number') picked[name] = String(value);
  }
  return picked;
}
