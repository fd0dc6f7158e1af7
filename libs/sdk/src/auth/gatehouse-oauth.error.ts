/**
 * The OAuth server answered an RFC 6749 error (`{"error", "error_description"}`), or the device
 * flow ended without tokens. `code` is the RFC error code, e.g. `access_denied`, `invalid_grant`.
 */
export class GatehouseOAuthError extends Error {
  constructor(
    readonly code: string,
    readonly description: string | undefined,
    readonly status: number | undefined,
  ) {
    super(description ? `${code}: ${description}` : code);
    this.name = new.target.name;
  }
}

/** The user refused the sign-in on the verification page (RFC 8628 3.5 `access_denied`). */
export class AccessDeniedError extends GatehouseOAuthError {}

/** The device code expired before the user approved (RFC 8628 3.5 `expired_token`). */
export class ExpiredTokenError extends GatehouseOAuthError {}

export function createOAuthError(
  code: string,
  description: string | undefined,
  status: number | undefined,
): GatehouseOAuthError {
  if (code === 'access_denied') return new AccessDeniedError(code, description, status);
  if (code === 'expired_token') return new ExpiredTokenError(code, description, status);
  return new GatehouseOAuthError(code, description, status);
}
