import { createSign, generateKeyPairSync, KeyObject } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A CI provider on loopback: publishes its JWKS at `/jwks` and signs OIDC id_tokens (RS256) the
 * way GitHub Actions does. The signing here is test scaffolding; Gatehouse verifies with jose.
 */
export class CiProvider {
  private server?: Server;
  private readonly privateKey: KeyObject;
  private readonly jwk: Record<string, unknown>;
  issuer = '';
  jwksRequests = 0;

  constructor(private readonly kid = 'ci-key-1') {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.jwk = {
      ...(publicKey.export({ format: 'jwk' }) as Record<string, unknown>),
      kid,
      alg: 'RS256',
      use: 'sig',
    };
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      if (req.url !== '/jwks') return void res.writeHead(404).end();
      this.jwksRequests += 1;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: [this.jwk] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  get jwksUri(): string {
    return `${this.issuer}/jwks`;
  }

  /** An id_token with `iss`, `iat`, `nbf` and `exp` (10 minutes) set unless `claims` overrides them. */
  sign(claims: Record<string, unknown>): string {
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: this.issuer, iat: now, nbf: now, exp: now + 600, ...claims };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const input = `${encode({ alg: 'RS256', typ: 'JWT', kid: this.kid })}.${encode(payload)}`;
    const signature = createSign('RSA-SHA256')
      .update(input)
      .sign(this.privateKey)
      .toString('base64url');
    return `${input}.${signature}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }
}
