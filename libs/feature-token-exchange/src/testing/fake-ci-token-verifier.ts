import { InvalidRequest } from '@gatehouse/domain';
import { CiTokenIssuer, CiTokenVerifier } from '../trusted-publishers/ci-token-verifier';

/**
 * Test double of CiTokenVerifier: tokens are registered with the claims they verify to; an
 * unregistered token is refused as a bad signature would be.
 */
export class FakeCiTokenVerifier extends CiTokenVerifier {
  private readonly tokens = new Map<string, Record<string, unknown>>();
  readonly calls: Array<{ jwt: string; issuer: CiTokenIssuer }> = [];
  failure: Error | null = null;

  /** A compact JWT whose unverified payload is `claims`, registered as valid. */
  register(claims: Record<string, unknown>): string {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const jwt = `${part({ alg: 'RS256', kid: 'k1' })}.${part(claims)}.${Buffer.from(`sig-${this.tokens.size}`).toString('base64url')}`;
    this.tokens.set(jwt, claims);
    return jwt;
  }

  async verify(jwt: string, issuer: CiTokenIssuer): Promise<Record<string, unknown>> {
    this.calls.push({ jwt, issuer });
    if (this.failure) throw this.failure;
    const claims = this.tokens.get(jwt);
    if (!claims) throw new InvalidRequest('subject_token signature does not verify');
    return claims;
  }
}
