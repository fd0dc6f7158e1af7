import { Inject, Injectable } from '@nestjs/common';
import { Clock, InvalidRequest } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import type { JSONWebKeySet } from 'jose';
import { CiTokenIssuer, CiTokenVerifier } from './ci-token-verifier';
import { JsonWebKeySet } from './jwks-fetcher';
import { JwksCache } from './jwks-cache';

// jose 6 is an ES module: loaded on first use (Node's require of ES modules in the built services).
const loadJose = () => import('jose');
type Jose = Awaited<ReturnType<typeof loadJose>>;
type KeyResolver = ReturnType<Jose['createLocalJWKSet']>;

/** Asymmetric algorithms CI providers sign with; `none` and HMAC are never accepted. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
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

/** CiTokenVerifier with jose, over the JWKS cache; one refetch when the signing key is unknown. */
@Injectable()
export class JoseCiTokenVerifier extends CiTokenVerifier {
  private readonly resolvers = new WeakMap<JsonWebKeySet, KeyResolver>();

  constructor(
    private readonly cache: JwksCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super();
  }

  async verify(jwt: string, issuer: CiTokenIssuer): Promise<Record<string, unknown>> {
    const jose = await loadJose();
    try {
      return await this.verifyWith(jose, jwt, issuer.issuer, await this.cache.get(issuer.jwksUri));
    } catch (error) {
      if (codeOf(error) !== 'ERR_JWKS_NO_MATCHING_KEY') throw rejection(error);
    }
    try {
      return await this.verifyWith(jose, jwt, issuer.issuer, await this.cache.get(issuer.jwksUri, { keyMissing: true }));
    } catch (error) {
      throw rejection(error);
    }
  }

  private async verifyWith(jose: Jose, jwt: string, issuer: string, keys: JsonWebKeySet): Promise<Record<string, unknown>> {
    let resolver = this.resolvers.get(keys);
    if (!resolver) {
      resolver = jose.createLocalJWKSet(keys as unknown as JSONWebKeySet);
      this.resolvers.set(keys, resolver);
    }
    const { payload } = await jose.jwtVerify(jwt, resolver, {
      issuer,
      algorithms: ALGORITHMS,
      currentDate: new Date(this.clock.now()),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat'],
    });
    return payload as Record<string, unknown>;
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
