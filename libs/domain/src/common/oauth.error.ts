/**
 * OAuth 2.0 errors (RFC 6749 §5.2, RFC 8628 §3.5, RFC 8693 §2.2.2, RFC 6750 §3.1).
 *
 * `description` is public: it is sent as `error_description`. `detail` is internal and is only
 * ever logged, never returned. One class per code, so callers throw intent, not strings.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_token'
  | 'access_denied'
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  | 'server_error'
  | 'temporarily_unavailable'
  | 'login_required'
  | 'consent_required';

export abstract class OAuthError extends Error {
  abstract readonly code: OAuthErrorCode;
  constructor(
    readonly description: string,
    readonly detail?: string,
  ) {
    super(description);
    this.name = new.target.name;
  }
}

export class InvalidRequest extends OAuthError {
  readonly code = 'invalid_request' as const;
}
export class InvalidClient extends OAuthError {
  readonly code = 'invalid_client' as const;
}
export class InvalidGrant extends OAuthError {
  readonly code = 'invalid_grant' as const;
}
export class UnauthorizedClient extends OAuthError {
  readonly code = 'unauthorized_client' as const;
}
export class UnsupportedGrantType extends OAuthError {
  readonly code = 'unsupported_grant_type' as const;
}
export class UnsupportedResponseType extends OAuthError {
  readonly code = 'unsupported_response_type' as const;
}
export class InvalidScope extends OAuthError {
  readonly code = 'invalid_scope' as const;
}
export class InvalidTarget extends OAuthError {
  readonly code = 'invalid_target' as const;
}
export class InvalidToken extends OAuthError {
  readonly code = 'invalid_token' as const;
}
export class AccessDenied extends OAuthError {
  readonly code = 'access_denied' as const;
}
export class AuthorizationPending extends OAuthError {
  readonly code = 'authorization_pending' as const;
}
export class SlowDown extends OAuthError {
  readonly code = 'slow_down' as const;
}
export class ExpiredToken extends OAuthError {
  readonly code = 'expired_token' as const;
}
export class ServerError extends OAuthError {
  readonly code = 'server_error' as const;
}
export class TemporarilyUnavailable extends OAuthError {
  readonly code = 'temporarily_unavailable' as const;
}
/** OIDC Core §3.1.2.6: `prompt=none`, and the user would have to sign in. */
export class LoginRequired extends OAuthError {
  readonly code = 'login_required' as const;
}
/** OIDC Core §3.1.2.6: `prompt=none`, and the user would have to consent. */
export class ConsentRequired extends OAuthError {
  readonly code = 'consent_required' as const;
}

/**
 * Too many requests from one address or for one client: answered 429 with `Retry-After`
 * (RFC 6585 §4). RFC 6749 has no code of its own for it; `temporarily_unavailable` is the one
 * whose meaning (try again later) every client already handles.
 */
export class RateLimited extends OAuthError {
  readonly code = 'temporarily_unavailable' as const;
  constructor(
    description: string,
    readonly retryAfterSeconds: number,
    detail?: string,
  ) {
    super(description, detail);
  }
}

/** HTTP status for an OAuth error at the token, device and revocation endpoints. */
export function oauthErrorStatus(code: OAuthErrorCode): number {
  switch (code) {
    case 'invalid_client':
    case 'invalid_token':
      return 401;
    case 'server_error':
      return 500;
    case 'temporarily_unavailable':
      return 503;
    case 'invalid_request':
    case 'invalid_grant':
    case 'unauthorized_client':
    case 'unsupported_grant_type':
    case 'unsupported_response_type':
    case 'invalid_scope':
    case 'invalid_target':
    case 'access_denied':
    case 'authorization_pending':
    case 'slow_down':
    case 'expired_token':
    case 'login_required':
    case 'consent_required':
      return 400;
  }
}
