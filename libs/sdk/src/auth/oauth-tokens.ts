import { JsonReader } from '../internal/json.reader';

/** Tokens from the token endpoint (RFC 6749 §5.1), in camelCase. */
export interface OAuthTokens {
  accessToken: string;
  /** `bearer`. */
  tokenType: string;
  refreshToken?: string;
  /** When the access token expires, in milliseconds since the epoch; absent if the server did not say. */
  expiresAt?: number;
  /** Granted scopes, space-separated. */
  scope?: string;
  /** Present when `openid` was granted. */
  idToken?: string;
}

export function parseTokenResponse(body: unknown, nowMs: number): OAuthTokens {
  const reader = JsonReader.of(body, 'token response');
  const expiresIn = reader.optionalNumber('expires_in');
  const tokens: OAuthTokens = {
    accessToken: reader.string('access_token'),
    tokenType: reader.optionalString('token_type') ?? 'bearer',
  };
  const refreshToken = reader.optionalString('refresh_token');
  if (refreshToken !== undefined) tokens.refreshToken = refreshToken;
  if (expiresIn !== undefined) tokens.expiresAt = nowMs + expiresIn * 1000;
  const scope = reader.optionalString('scope');
  if (scope !== undefined) tokens.scope = scope;
  const idToken = reader.optionalString('id_token');
  if (idToken !== undefined) tokens.idToken = idToken;
  return tokens;
}
