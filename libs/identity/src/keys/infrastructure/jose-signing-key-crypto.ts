import { createPrivateKey, sign } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { JWK } from 'jose';
import { GeneratedSigningKey, JwtSigner, SigningKeyCrypto } from '../ports/signing-key-crypto';

const ALG = 'RS256';

// jose 6 is an ES module; it is loaded on first use so services that never sign do not pay for it.
const loadJose = () => import('jose');

/**
 * RS256 keys (2048-bit RSA): generated and exported as JWKs with jose; id_tokens signed with
 * node:crypto. Signing is on every token request that asks for `openid`: jose 6 signs through
 * WebCrypto, which in Node 20 costs more CPU per signature than `crypto.sign` and hands each one
 * to the thread pool and back. A 2048-bit signature is a fraction of a millisecond, less than
 * that hand-off costs a loaded process in waiting, so it is made in line. The compact JWS itself
 * (RFC 7515 §7.1) is two base64url JSON parts and a signature; jwtVerify checks ours in the spec.
 * Holds no keys: SigningKeys keeps the signer of each published kid.
 */
@Injectable()
export class JoseSigningKeyCrypto extends SigningKeyCrypto {
  async generate(): Promise<GeneratedSigningKey> {
    const jose = await loadJose();
    const { publicKey, privateKey } = await jose.generateKeyPair(ALG, {
      modulusLength: 2048,
      extractable: true,
    });
    const publicJwk = await jose.exportJWK(publicKey);
    const privateJwk = await jose.exportJWK(privateKey);
    const kid = await jose.calculateJwkThumbprint(publicJwk);
    return {
      kid,
      alg: ALG,
      publicJwk: { ...publicJwk, kid, alg: ALG, use: 'sig' },
      privateJwk: { ...privateJwk, kid, alg: ALG },
    };
  }

  signerFor(key: { kid: string; alg: string; privateJwk: Record<string, unknown> }): JwtSigner {
    if (key.alg !== ALG)
      throw new Error(`Signing key ${key.kid} is ${key.alg}; only ${ALG} keys are supported`);
    const privateKey = createPrivateKey({
      key: key.privateJwk as JWK & { kty: string },
      format: 'jwk',
    });
    if (privateKey.asymmetricKeyType !== 'rsa')
      throw new Error(`Signing key ${key.kid} is not an RSA key`);
    const headerOf = (typ: string) =>
      base64url(JSON.stringify({ alg: key.alg, kid: key.kid, typ }));
    const encodedHeader = headerOf('JWT');
    return {
      sign(claims: object, typ?: string): string {
        const header = typ === undefined ? encodedHeader : headerOf(typ);
        const signingInput = `${header}.${base64url(JSON.stringify(claims))}`;
        // RS256 is RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3), node:crypto's default padding for RSA keys.
        const signature = sign('sha256', Buffer.from(signingInput), privateKey);
        return `${signingInput}.${signature.toString('base64url')}`;
      },
    };
  }
}

function base64url(text: string): string {
  return Buffer.from(text).toString('base64url');
}
