import { Injectable } from '@nestjs/common';
import type { CryptoKey, JWK } from 'jose';
import { GeneratedSigningKey, SigningKeyCrypto } from '../ports/signing-key-crypto';

const ALG = 'RS256';

// jose 6 is an ES module; it is loaded on first use so services that never sign do not pay for it.
const loadJose = () => import('jose');

/** RS256 keys (2048-bit RSA) with jose. Imported private keys are kept per kid. */
@Injectable()
export class JoseSigningKeyCrypto extends SigningKeyCrypto {
  private readonly imported = new Map<string, Promise<CryptoKey | Uint8Array>>();

  async generate(): Promise<GeneratedSigningKey> {
    const jose = await loadJose();
    const { publicKey, privateKey } = await jose.generateKeyPair(ALG, { modulusLength: 2048, extractable: true });
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

  async sign(key: { kid: string; alg: string; privateJwk: Record<string, unknown> }, claims: object): Promise<string> {
    const jose = await loadJose();
    let privateKey = this.imported.get(key.kid);
    if (!privateKey) {
      privateKey = jose.importJWK(key.privateJwk as JWK, key.alg);
      this.imported.set(key.kid, privateKey);
      privateKey.catch(() => this.imported.delete(key.kid));
    }
    return new jose.SignJWT({ ...claims })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .sign(await privateKey);
  }
}
