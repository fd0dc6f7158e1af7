import { hash } from 'node:crypto';
import { UserAccount, absoluteUrl, profileUrl } from './account';

/** id_tokens are read once at sign-in; an hour leaves room for clock skew and slow callbacks. */
export const ID_TOKEN_TTL_SECONDS = 3600;

export interface IdTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time: number;
  /** The sign-in session (OpenID Connect Back-Channel Logout 1.0 §2.1), when the grant knows it. */
  sid?: string;
  nonce?: string;
  at_hash?: string;
  name?: string;
  preferred_username?: string;
  picture?: string;
  profile?: string;
  website?: string;
  email?: string;
  email_verified?: boolean;
}

export interface IdTokenClaimsInput {
  issuer: string;
  publicUrl: string;
  clientId: string;
  user: UserAccount;
  scopes: readonly string[];
  nowMs: number;
  /** When the user signed in (OIDC Core §2 `auth_time`). */
  authTimeMs: number;
  nonce?: string | null;
  /** The public id of the sign-in session the grant came from (`sid`). */
  sessionId?: string | null;
  /** The access token issued alongside, for `at_hash`. */
  accessToken?: string;
  ttlSeconds?: number;
}

/**
 * OIDC Core §3.1.3.6 `at_hash` for RS256: the left half of SHA-256 of the access token's ASCII
 * octets, base64url without padding.
 */
export function atHash(accessToken: string): string {
  // The one-shot digest: an access token is base62 ASCII, whose UTF-8 is its ASCII.
  const digest = hash('sha256', accessToken, 'buffer');
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/**
 * The claims of the id_token (issued only with `openid`). Profile claims (`name`,
 * `preferred_username`, `picture` as an absolute URL, `profile`, `website` when set) come with the
 * `profile` scope and `email`/`email_verified` with `email` (docs/oauth.md "Scopes", OIDC Core §5.4); authlib
 * and Gradio read the profile claims from here, not from userinfo (docs/hf-clients.md "OAuth and OpenID Connect").
 * `nonce` is echoed only when the authorization request sent one.
 */
export function buildIdTokenClaims(input: IdTokenClaimsInput): IdTokenClaims {
  const { user, scopes } = input;
  const iat = Math.floor(input.nowMs / 1000);
  const claims: IdTokenClaims = {
    iss: input.issuer,
    sub: user.id,
    aud: input.clientId,
    exp: iat + (input.ttlSeconds ?? ID_TOKEN_TTL_SECONDS),
    iat,
    auth_time: Math.floor(input.authTimeMs / 1000),
  };
  if (input.sessionId) claims.sid = input.sessionId;
  if (input.nonce) claims.nonce = input.nonce;
  if (input.accessToken) claims.at_hash = atHash(input.accessToken);
  if (scopes.includes('profile')) {
    claims.name = user.fullname;
    claims.preferred_username = user.username;
    claims.picture = absoluteUrl(input.publicUrl, user.avatarUrl);
    claims.profile = profileUrl(input.publicUrl, user.username);
    if (user.websiteUrl) claims.website = user.websiteUrl;
  }
  if (scopes.includes('email') && user.email !== null) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified;
  }
  return claims;
}
