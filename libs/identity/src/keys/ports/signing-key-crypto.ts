/** A freshly generated signing key pair as JWKs; `kid` is the RFC 7638 thumbprint. */
export interface GeneratedSigningKey {
  kid: string;
  alg: string;
  publicJwk: Record<string, unknown>;
  privateJwk: Record<string, unknown>;
}

/** Signs with one private key, made ready once: SigningKeys keeps one per published kid. */
export interface JwtSigner {
  /** A compact JWS of `claims` with header `{alg, kid, typ}`; `typ` is `JWT` unless given. */
  sign(claims: object, typ?: string): string;
}

/** Port over the JOSE operations, so key handling unit-tests without generating RSA keys. */
export abstract class SigningKeyCrypto {
  abstract generate(): Promise<GeneratedSigningKey>;
  /** Imports an opened private key for signing; throws for a key it cannot sign with. */
  abstract signerFor(key: {
    kid: string;
    alg: string;
    privateJwk: Record<string, unknown>;
  }): JwtSigner;
}
