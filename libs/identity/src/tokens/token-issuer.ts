import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  AUTHORIZATION_CODE_GRANT_TYPE,
  buildIdTokenClaims,
  Clock,
  expiresAt,
  formatScope,
  REFRESH_TOKEN_TTL_SECONDS,
  TOKEN_EXCHANGE_GRANT_TYPE,
  tokenPrefix,
} from '@gatehouse/domain';
import type { OutboxMessage } from '@gatehouse/persistence';
import { CLOCK } from '@gatehouse/platform';
import { userAccountOf } from '../accounts/account-mapping';
import { IDENTITY_OPTIONS, IdentityOptions } from '../identity-options';
import { SigningKeys } from '../keys/signing-keys';
import { AccountReader } from '../accounts/ports/account.reader';
import { principalOfAccessToken } from '../principal/bearer-authenticator';
import { PrincipalCache } from '../principal/principal-cache';
import type { Transaction } from '../transactions/ports/transaction';
import { IssuedTokenWrite, IssuedTokenWriter } from './ports/issued-token.writer';
import type { AccessTokenRecord, RefreshTokenRecord } from './ports/token-records';
import {
  ACCESS_TOKEN_TYPE_URN,
  IdTokenUser,
  IssuedTokens,
  IssueTokenRequest,
  TokenResponseBody,
} from './issue-token-request';
import { RandomSource } from './random-source';
import { IssuedTokenFacts, tokenIssuedMessage } from './token-events';

const DEFAULT_GRANT_TYPE: Record<IssueTokenRequest['kind'], string> = {
  oauth: AUTHORIZATION_CODE_GRANT_TYPE,
  exchange: TOKEN_EXCHANGE_GRANT_TYPE,
  trusted_publisher: TOKEN_EXCHANGE_GRANT_TYPE,
};

/**
 * Issues access tokens (and refresh tokens and id_tokens) in the caller's transaction. Only
 * SHA-256 hashes are stored; the clear tokens exist in the returned body alone. An exchange or
 * trusted-publisher token has a token.issued event in the outbox, written in the same transaction
 * with the tokens in one round trip (IssuedTokenWriter); an OAuth grant's have none.
 */
@Injectable()
export class TokenIssuer {
  constructor(
    private readonly writer: IssuedTokenWriter,
    private readonly accounts: AccountReader,
    private readonly keys: SigningKeys,
    private readonly random: RandomSource,
    private readonly principals: PrincipalCache,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_OPTIONS) private readonly options: Pick<IdentityOptions, 'publicUrl'>,
  ) {}

  async issue(tx: Transaction, request: IssueTokenRequest): Promise<TokenResponseBody> {
    return (await this.issueTokens(tx, request)).body;
  }

  issueTokens(
    tx: Transaction,
    request: IssueTokenRequest,
  ): Promise<IssuedTokens & { written?: undefined }>;
  /** Writes the issuance with `write` (one statement that also reads something) and returns what it read as `written`. */
  issueTokens<T>(
    tx: Transaction,
    request: IssueTokenRequest,
    write: IssuedTokenWrite<T>,
  ): Promise<IssuedTokens & { written: T }>;
  async issueTokens<T>(
    tx: Transaction,
    request: IssueTokenRequest,
    write?: IssuedTokenWrite<T>,
  ): Promise<IssuedTokens & { written?: T }> {
    assertIssuable(request);
    const nowMs = this.clock.now();
    const now = new Date(nowMs);
    const familyId =
      request.refreshFamilyId ?? (request.kind === 'oauth' ? this.random.id(nowMs) : null);
    const grantType = request.grantType ?? DEFAULT_GRANT_TYPE[request.kind];
    const authTime = request.authTime ?? now;

    const accessToken = this.random.token(
      request.kind === 'trusted_publisher' && request.repo
        ? tokenPrefix('trusted_publisher')
        : tokenPrefix('oauth_access'),
    );
    const access: AccessTokenRecord = {
      id: this.random.id(nowMs),
      tokenHash: hashToken(accessToken),
      kind: request.kind,
      userId: request.userId,
      clientId: request.clientId,
      scopes: [...request.scopes],
      orgIds: [...request.orgIds],
      boundOrgId: request.boundOrgId ?? null,
      role: request.memberRole ?? null,
      repo: request.repo ?? null,
      refreshFamilyId: familyId,
      authTime,
      expiresAt: new Date(expiresAt(nowMs, request.ttlSeconds)),
      revokedAt: null,
      createdAt: now,
    };
    const facts = {
      userId: request.userId,
      clientId: request.clientId,
      grantType,
      scopes: access.scopes,
      organizationId: access.boundOrgId,
      familyId,
      issuedAt: now,
    };
    const events: OutboxMessage[] = [];
    // No consumer needs every OAuth issuance, the busiest kind (docs/architecture.md "Token
    // events"): only exchange and trusted-publisher tokens put a token.issued in the outbox.
    const publish = (issued: IssuedTokenFacts) => {
      const message = request.kind === 'oauth' ? null : tokenIssuedMessage(issued);
      if (message) events.push(message);
    };
    publish({ ...facts, tokenId: access.id, kind: 'access', expiresAt: access.expiresAt });

    const body: TokenResponseBody = {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: request.ttlSeconds,
      scope: formatScope(request.scopes),
    };

    let refresh: RefreshTokenRecord | null = null;
    if (request.withRefreshToken) {
      const refreshToken = this.random.token(tokenPrefix('oauth_refresh'));
      refresh = {
        id: this.random.id(nowMs),
        tokenHash: hashToken(refreshToken),
        familyId: familyId ?? this.random.id(nowMs),
        clientId: request.clientId!,
        userId: request.userId!,
        scopes: [...(request.refreshTokenScopes ?? request.scopes)],
        orgIds: [...request.orgIds],
        authTime,
        expiresAt: new Date(expiresAt(nowMs, REFRESH_TOKEN_TTL_SECONDS)),
        usedAt: null,
        revokedAt: null,
        createdAt: now,
      };
      publish({
        ...facts,
        tokenId: refresh.id,
        kind: 'refresh',
        scopes: refresh.scopes,
        familyId: refresh.familyId,
        expiresAt: refresh.expiresAt,
      });
      body.refresh_token = refreshToken;
    }
    // Signed before the write: a caller's write may take a lock held until commit (the exchange's audit head).
    if (request.idToken)
      body.id_token = await this.idToken(tx, request, accessToken, nowMs, authTime);
    if (request.kind !== 'oauth') body.issued_token_type = ACCESS_TOKEN_TYPE_URN;
    const rows = { accessToken: access, refreshToken: refresh, events };
    // The write and the principal's cache fill are independent round trips, made at once. Caching the principal before the commit is safe: until the body is returned nobody
    // holds the token, and a token whose write fails is never handed out.
    const alongside: Array<Promise<void>> = [];
    // A member's principal only with their two-factor standing: an organization may require one.
    const cached = request.cachePrincipal;
    if (request.user && cached && (cached.twoFactor || cached.memberships.length === 0)) {
      const { memberships, appName, twoFactor } = cached;
      alongside.push(
        this.principals.fill(
          access.tokenHash,
          principalOfAccessToken({
            token: access,
            user: { ...request.user, disabledAt: null },
            memberships,
            appName,
            ...twoFactor,
          }),
        ),
      );
    }
    const written = await allSettledOrThrow<T | void>(
      write ? write(tx, rows) : this.writer.write(tx, rows),
      alongside,
    );
    return {
      body,
      accessTokenId: access.id,
      refreshTokenId: refresh?.id ?? null,
      familyId,
      written: write ? (written as T) : undefined,
    };
  }

  /**
   * A refresh rotation's new pair, drawn before the statement that finds the spent token
   * (TokenStore.rotateRefreshToken): the clear tokens, and the hashes and expiries it writes.
   */
  drawRotation(nowMs: number, ttlSeconds: number): DrawnRotation {
    const accessToken = this.random.token(tokenPrefix('oauth_access'));
    const refreshToken = this.random.token(tokenPrefix('oauth_refresh'));
    return {
      accessToken,
      refreshToken,
      access: {
        id: this.random.id(nowMs),
        tokenHash: hashToken(accessToken),
        expiresAt: new Date(expiresAt(nowMs, ttlSeconds)),
      },
      refresh: {
        id: this.random.id(nowMs),
        tokenHash: hashToken(refreshToken),
        expiresAt: new Date(expiresAt(nowMs, REFRESH_TOKEN_TTL_SECONDS)),
      },
    };
  }

  /**
   * The answer to a rotation of `token` made at `issuedAtMs`, its id_token signed here. The same
   * inputs give the same answer (an RS256 signature is deterministic), which is how a retry
   * within the reuse grace gets the answer the rotation gave.
   */
  async rotationAnswer(input: RotationAnswerInput): Promise<TokenResponseBody> {
    const body: TokenResponseBody = {
      access_token: input.accessToken,
      token_type: 'bearer',
      expires_in: input.ttlSeconds,
      scope: formatScope(input.scopes),
      refresh_token: input.refreshToken,
    };
    if (input.scopes.includes('openid'))
      body.id_token = await this.signIdToken(input.token.user, {
        clientId: input.token.clientId,
        scopes: input.scopes,
        nowMs: input.issuedAtMs,
        authTimeMs: input.token.authTime.getTime(),
        accessToken: input.accessToken,
      });
    return body;
  }

  private async idToken(
    tx: Transaction,
    request: IssueTokenRequest,
    accessToken: string,
    nowMs: number,
    authTime: Date,
  ): Promise<string> {
    const user: IdTokenUser | null =
      request.user ?? (await this.accounts.findUser(request.userId!, tx));
    if (!user) throw new Error(`Cannot issue an id_token: user ${request.userId} does not exist`);
    return this.signIdToken(user, {
      clientId: request.clientId!,
      scopes: request.scopes,
      nowMs,
      authTimeMs: authTime.getTime(),
      nonce: request.nonce ?? null,
      sessionId: request.sessionId ?? null,
      accessToken,
    });
  }

  private signIdToken(
    user: IdTokenUser,
    claims: {
      clientId: string;
      scopes: readonly string[];
      nowMs: number;
      authTimeMs: number;
      nonce?: string | null;
      sessionId?: string | null;
      accessToken: string;
    },
  ): Promise<string> {
    return this.keys.signIdToken(
      buildIdTokenClaims({
        issuer: this.options.publicUrl,
        publicUrl: this.options.publicUrl,
        clientId: claims.clientId,
        user: userAccountOf(user),
        scopes: [...claims.scopes],
        nowMs: claims.nowMs,
        authTimeMs: claims.authTimeMs,
        nonce: claims.nonce ?? null,
        sessionId: claims.sessionId ?? null,
        accessToken: claims.accessToken,
      }),
    );
  }
}

/** What TokenIssuer.drawRotation draws: the clear tokens, and what the rotation writes of them. */
export interface DrawnRotation {
  accessToken: string;
  refreshToken: string;
  access: { id: string; tokenHash: string; expiresAt: Date };
  refresh: { id: string; tokenHash: string; expiresAt: Date };
}

/** The inputs of a rotation's answer: the spent token as found, the drawn tokens, when, and for which scopes. */
export interface RotationAnswerInput {
  token: RefreshTokenRecord & { user: IdTokenUser };
  accessToken: string;
  refreshToken: string;
  scopes: readonly string[];
  ttlSeconds: number;
  issuedAtMs: number;
}

/**
 * The value of `main` once it and every one of `others` have settled; the first failure among
 * them otherwise. Nothing is left running when the caller's transaction ends.
 */
async function allSettledOrThrow<T>(main: Promise<T>, others: Array<Promise<void>>): Promise<T> {
  const [first, ...rest] = await Promise.allSettled([main, ...others]);
  for (const outcome of [first!, ...rest]) if (outcome.status === 'rejected') throw outcome.reason;
  return (first as PromiseFulfilledResult<T>).value;
}

/** Programming errors of the calling grant, not client errors. */
function assertIssuable(request: IssueTokenRequest): void {
  if ((request.withRefreshToken || request.idToken) && (!request.userId || !request.clientId)) {
    throw new Error('Refresh tokens and id_tokens need both a user and a client');
  }
  if (!Number.isInteger(request.ttlSeconds) || request.ttlSeconds <= 0) {
    throw new Error(
      `Access token lifetime must be a positive whole number of seconds, got ${request.ttlSeconds}`,
    );
  }
}
