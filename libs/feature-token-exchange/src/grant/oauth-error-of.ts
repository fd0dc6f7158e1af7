import {
  AccessDenied,
  InvalidClient,
  InvalidGrant,
  InvalidRequest,
  InvalidScope,
  InvalidTarget,
  OAuthError,
  OAuthErrorCode,
  ServerError,
  TemporarilyUnavailable,
  UnauthorizedClient,
  UnsupportedGrantType,
} from '@gatehouse/domain';

type OAuthErrorClass = new (description: string, detail?: string) => OAuthError;

/** The codes the token-exchange service answers, and the error each is re-raised as. */
const RELAYED: Partial<Record<OAuthErrorCode, OAuthErrorClass>> = {
  invalid_request: InvalidRequest,
  invalid_client: InvalidClient,
  invalid_grant: InvalidGrant,
  unauthorized_client: UnauthorizedClient,
  unsupported_grant_type: UnsupportedGrantType,
  invalid_scope: InvalidScope,
  invalid_target: InvalidTarget,
  access_denied: AccessDenied,
  server_error: ServerError,
  temporarily_unavailable: TemporarilyUnavailable,
};

/**
 * The OAuthError of an RFC 6749 §5.2 body answered by the token-exchange service, or null when the
 * body is not one (then the caller treats the answer as a failure of the service itself).
 */
export function oauthErrorOf(body: unknown): OAuthError | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, error_description: description } = body as {
    error?: unknown;
    error_description?: unknown;
  };
  if (typeof error !== 'string') return null;
  const ErrorClass = RELAYED[error as OAuthErrorCode];
  if (!ErrorClass) return null;
  return new ErrorClass(
    typeof description === 'string' ? description : error,
    'answered by the token-exchange service',
  );
}
