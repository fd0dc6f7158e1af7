import { GeneratedSigningKey, JwtSigner, SigningKeyCrypto } from '../keys/ports/signing-key-crypto';

/**
 * Test double of SigningKeyCrypto: numbered keys and an unsigned, readable "JWS"
 * (`<kid>.<claims JSON>`), for tests of key handling rather than of JOSE.
 */
export class FakeSigningKeyCrypto extends SigningKeyCrypto {
  generated = 0;
  /** The kid of each signer made, in order. */
  readonly signersMade: string[] = [];

  async generate(): Promise<GeneratedSigningKey> {
    this.generated += 1;
    const kid = `kid-${this.generated}`;
    return {
      kid,
      alg: 'RS256',
      publicJwk: { kty: 'RSA', kid, n: `n${this.generated}`, e: 'AQAB' },
      privateJwk: { kty: 'RSA', kid, d: `d${this.generated}` },
    };
  }

  signerFor(key: { kid: string; privateJwk: Record<string, unknown> }): JwtSigner {
    this.signersMade.push(key.kid);
    return {
      sign: (claims, typ) =>
        `${key.kid}.${String(key.privateJwk.d)}.${typ === undefined ? '' : `${typ}.`}${JSON.stringify(claims)}`,
    };
  }
}
