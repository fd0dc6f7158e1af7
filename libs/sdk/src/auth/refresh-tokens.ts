import { resolveEndpoint } from '../internal/resolve-endpoint';
import { createOAuthError, GatehouseOAuthError } from './gatehouse-oauth.error';
import { parseTokenResponse, type OAuthTokens } from './oauth-tokens';
import { postForm } from './post-form';
import { JsonShapeError } from '../internal/json.reader';

export interface RefreshTokensOptions {
  endpoint?: string;
  clientId: string;
  clientSecret?: string;
  refreshToken: string;
  signal?: AbortSignal;
  now?: () => number;
  fetch?: typeof fetch;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Exchanges a refresh token for new tokens (RFC 6749 6). When the server does not rotate the
 * refresh token, the one given stays valid and is returned. A revoked or expired refresh token
 * throws GatehouseOAuthError with code `invalid_grant`.
 */
export async function refreshTokens(options: RefreshTokensOptions): Promise<OAuthTokens> {
  const endpoint = resolveEndpoint(options.endpoint, options.env ?? process.env);
  const answer = await postForm({
    url: `${endpoint}/oauth/token`,
    form: {
      grant_type: 'refresh_token',
      refresh_token: options.refreshToken,
      client_id: options.clientId,
    },
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? globalThis.fetch,
    signal: options.signal,
  });
  const body = (
    typeof answer.json === 'object' && answer.json !== null ? answer.json : {}
  ) as Record<string, unknown>;
  if (answer.status < 200 || answer.status >= 300) {
    const code = typeof body.error === 'string' ? body.error : 'server_error';
    const description =
      typeof body.error_description === 'string'
        ? body.error_description
        : `The token endpoint answered ${answer.status}.`;
    throw createOAuthError(code, description, answer.status);
  }
  try {
    const tokens = parseTokenResponse(body, (options.now ?? Date.now)());
    return { ...tokens, refreshToken: tokens.refreshToken ?? options.refreshToken };
  } catch (error) {
    if (error instanceof JsonShapeError)
      throw new GatehouseOAuthError('invalid_response', error.message, answer.status);
    throw error;
  }
}
