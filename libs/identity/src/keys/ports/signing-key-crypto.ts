/** A freshly generated signing key pair as JWKs; `kid` is the RFC 7638 thumbprint. */
export interface GeneratedSigningKey {
  kid: string;
  alg: string;
  publicJwk: Record<string, unknown>;
  privateJwk: Record<string, unknown>;
}

/** Port over the JOSE operations, so key handling unit-tests without generating RSA keys. */
export abstract class SigningKeyCrypto {
  abstract generate(): Promise<GeneratedSigningKey>;
  /** A compact JWS of `claims` with header `{alg, kid, typ: "JWT"}`. */
  abstract sign(key: { kid: string; alg: string; privateJwk: Record<string, unknown> }, claims: object): Promise<string>;
}
