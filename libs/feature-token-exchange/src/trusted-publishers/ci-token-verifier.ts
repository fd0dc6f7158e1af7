/** Where a CI token's keys come from: the trusted publisher entry's issuer and JWKS URL. */
export interface CiTokenIssuer {
  issuer: string;
  jwksUri: string;
}

/**
 * Port: verifies a CI provider's OIDC id_token: signature against the issuer's JWKS, `iss`, and
 * `exp`, `nbf`, `iat` against the clock. Resolves to the claims; `aud` and the publisher's
 * conditions are the caller's to check. Throws InvalidRequest (RFC 8693 §2.2.2: an unacceptable
 * subject token) when the token does not verify, JwksUnavailableError when the keys cannot be had.
 */
export abstract class CiTokenVerifier {
  abstract verify(jwt: string, issuer: CiTokenIssuer): Promise<Record<string, unknown>>;
}
