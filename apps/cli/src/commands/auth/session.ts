import { GatehouseOAuthError, refreshTokens } from '@gatehouse/sdk';
import type { AuthDeps } from './auth-deps';
import { readTokenFile, StoredToken, tokenFilePath, writeTokenFile } from './token-file';

/** An access token this close to its expiry is refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

const NOT_LOGGED_IN = 'Not logged in. Run `gatehouse auth login` first.';

/** The endpoint a command talks to: `--endpoint`, else GATEHOUSE_ENDPOINT, else `fallback`. */
export function resolveEndpoint(
  option: string | undefined,
  deps: AuthDeps,
  fallback?: string,
): string {
  const value = option || deps.env.GATEHOUSE_ENDPOINT || fallback;
  if (!value) throw new Error('No Gatehouse endpoint: pass --endpoint or set GATEHOUSE_ENDPOINT.');
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw new Error(`The endpoint is not an http(s) URL: ${value}`);
  return value.replace(/\/+$/, '');
}

/**
 * The stored login, with an access token fresh enough to use: refreshed (and saved) when it
 * expires within REFRESH_MARGIN_MS and a refresh token is at hand. Throws when nobody is logged
 * in, at this endpoint, or when the session can no longer be refreshed.
 */
export async function loadSession(deps: AuthDeps, endpointOption?: string): Promise<StoredToken> {
  const path = tokenFilePath(deps.env, deps.homedir);
  const stored = await readTokenFile(path);
  if (!stored) throw new Error(NOT_LOGGED_IN);
  const endpoint = resolveEndpoint(endpointOption, deps, stored.endpoint);
  if (endpoint !== stored.endpoint)
    throw new Error(
      `Not logged in at ${endpoint} (logged in at ${stored.endpoint}). Run \`gatehouse auth login --endpoint ${endpoint}\`.`,
    );
  if (stored.expiresAt === undefined || stored.expiresAt - deps.now() > REFRESH_MARGIN_MS)
    return stored;
  if (!stored.refreshToken) {
    if (stored.expiresAt > deps.now()) return stored;
    throw new Error('Your session expired. Run `gatehouse auth login` again.');
  }
  try {
    const tokens = await refreshTokens({
      endpoint: stored.endpoint,
      clientId: stored.clientId,
      refreshToken: stored.refreshToken,
      fetch: deps.fetch,
      now: deps.now,
      signal: deps.signal,
    });
    const refreshed: StoredToken = {
      endpoint: stored.endpoint,
      clientId: stored.clientId,
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken !== undefined && { refreshToken: tokens.refreshToken }),
      ...(tokens.expiresAt !== undefined && { expiresAt: tokens.expiresAt }),
      ...((tokens.scope ?? stored.scope) !== undefined && { scope: tokens.scope ?? stored.scope }),
    };
    await writeTokenFile(path, refreshed);
    return refreshed;
  } catch (error) {
    if (error instanceof GatehouseOAuthError && error.code === 'invalid_grant') {
      throw new Error('Your session expired or was revoked. Run `gatehouse auth login` again.');
    }
    throw error;
  }
}
