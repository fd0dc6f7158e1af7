/** The authorization endpoint's settings. */
export interface AuthorizeOptions {
  /** GATEHOUSE_PUBLIC_URL without a trailing slash: the `iss` of authorization responses (RFC 9207). */
  issuer: string;
}

export const AUTHORIZE_OPTIONS = Symbol('gatehouse.auth.authorizeOptions');
