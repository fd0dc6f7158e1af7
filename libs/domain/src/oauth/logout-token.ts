/** The `events` member of a logout token (OpenID Connect Back-Channel Logout 1.0 §2.4). */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/** The `typ` header of a logout token (§2.4): explicit typing, so no id_token passes for one. */
export const LOGOUT_TOKEN_TYPE = 'logout+jwt';

/** A logout token lives only as long as its delivery may take. */
const LOGOUT_TOKEN_TTL_SECONDS = 120;

export interface LogoutTokenClaims {
  iss: string;
  aud: string;
  iat: number;
  exp: number;
  jti: string;
  sub: string;
  sid?: string;
  events: { [BACKCHANNEL_LOGOUT_EVENT]: Record<string, never> };
}

export interface LogoutTokenInput {
  issuer: string;
  clientId: string;
  userId: string;
  /** The public id of the ended sign-in session; absent when every session of the user ended. */
  sessionId: string | null;
  /** A unique id for this token (`jti`), so the app can refuse a replay. */
  tokenId: string;
  nowMs: number;
}

/**
 * The claims of a logout token (OpenID Connect Back-Channel Logout 1.0 §2.4): `iss`, `aud`,
 * `iat`, `exp`, `jti`, the `events` member with the back-channel logout event, `sub` always and
 * `sid` when one session ended. Never a `nonce` (§2.4: its presence would let an id_token be
 * mistaken for a logout token).
 */
export function buildLogoutTokenClaims(input: LogoutTokenInput): LogoutTokenClaims {
  const iat = Math.floor(input.nowMs / 1000);
  return {
    iss: input.issuer,
    aud: input.clientId,
    iat,
    exp: iat + LOGOUT_TOKEN_TTL_SECONDS,
    jti: input.tokenId,
    sub: input.userId,
    ...(input.sessionId === null ? {} : { sid: input.sessionId }),
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  };
}
