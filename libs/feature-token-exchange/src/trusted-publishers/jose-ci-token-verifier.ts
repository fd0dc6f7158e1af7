import { Inject, Injectable } from '@nestjs/common';
import { Clock, InvalidRequest } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import {
  DEFAULT_JWKS_FETCH_LIMITS,
  JwksFetchLimits,
  TOKEN_EXCHANGE_OPTIONS,
  TokenExchangeServiceOptions,
} from '../token-exchange-options';
import { CiTokenIssuer, CiTokenVerifier } from './ci-token-verifier';
import { JwksFetcher, JwksUnavailableError } from './jwks-fetcher';

// jose 6 is an ES module: loaded on first use (Node's require of ES modules in the built services).
const loadJose = () => import('jose');
type Jose = Awaited<ReturnType<typeof loadJose>>;
type RemoteKeySet = ReturnType<Jose['createRemoteJWKSet']>;

/** Asymmetric algorithms CI providers sign with; `none` and HMAC are never accepted. */
const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
const CLOCK_TOLERANCE_SECONDS = 30;

const REJECTIONS: Record<string, string> = {
  ERR_JWT_EXPIRED: 'subject_token has expired',
  ERR_JWT_CLAIM_VALIDATION_FAILED: 'subject_token claims are not acceptable',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'subject_token signature does not verify',
  ERR_JWKS_NO_MATCHING_KEY: 'subject_token is signed with a key the issuer does not publish',
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: 'subject_token names its signing key ambiguously',
  ERR_JOSE_ALG_NOT_ALLOWED: 'subject_token is signed with an algorithm that is not accepted',
  ERR_JOSE_NOT_SUPPORTED: 'subject_token is signed with an algorithm that is not accepted',
  ERR_JWS_INVALID: 'subject_token is not a valid JWS',
  ERR_JWT_INVALID: 'subject_token is not a valid JWT',
};

/**
 * CiTokenVerifier with jose. Each JWKS URL gets one jose remote key set, which owns the caching:
 * a set is used for `cacheTtlMs`, a token naming a key the set lacks refetches it at most once
 * per `refetchCooldownMs` (the provider rotated; made-up key ids cannot make us hammer it),
 * concurrent requests share one fetch and a failed fetch is not kept. The fetch itself is the
 * guarded JwksFetcher.
 */
@Injectable()
export class JoseCiTokenVerifier extends CiTokenVerifier {
  private readonly keySets = new Map<string, RemoteKeySet>();
  private readonly limits: JwksFetchLimits;

  constructor(
    private readonly fetcher: JwksFetcher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TOKEN_EXCHANGE_OPTIONS) options: Pick<TokenExchangeServiceOptions, 'jwks'>,
  ) {
    super();
    this.limits = { ...DEFAULT_JWKS_FETCH_LIMITS, ...options.jwks };
  }

  async verify(jwt: string, issuer: CiTokenIssuer): Promise<Record<string, unknown>> {
    const jose = await loadJose();
    try {
      const { payload } = await jose.jwtVerify(jwt, this.keySet(jose, issuer.jwksUri), {
        issuer: issuer.issuer,
        algorithms: ALGORITHMS,
        currentDate: new Date(this.clock.now()),
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'iat'],
      });
      return payload as Record<string, unknown>;
    } catch (error) {
      throw rejection(error);
    }
  }

  private keySet(jose: Jose, uri: string): RemoteKeySet {
    const known = this.keySets.get(uri);
    if (known) return known;
    if (!URL.canParse(uri)) throw new JwksUnavailableError(`JWKS URL ${uri} is not a URL`);
    const created = jose.createRemoteJWKSet(new URL(uri), {
      cacheMaxAge: this.limits.cacheTtlMs,
      cooldownDuration: this.limits.refetchCooldownMs,
      timeoutDuration: this.limits.timeoutMs,
      [jose.customFetch]: async (url: string) => {
        const keys = await this.fetcher.fetch(url);
        return new Response(JSON.stringify(keys), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    this.keySets.set(uri, created);
    return created;
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** jose's errors become invalid_request; anything else (JWKS unavailable, a bug) passes through. */
function rejection(error: unknown): unknown {
  const code = codeOf(error);
  const description = code ? REJECTIONS[code] : undefined;
  return description ? new InvalidRequest(description, (error as Error).message) : error;
}
