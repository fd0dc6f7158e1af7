import type { AuthDeps } from './auth-deps';
import { loadSession } from './session';
import { readTokenFile, StoredToken, tokenFilePath } from './token-file';

/** The login `gatehouse auth login` stored, as the commands that call the API use it. */
export interface StoredLogin {
  /** The stored login as it is on disk, or null when nobody is logged in. */
  read(): Promise<StoredToken | null>;
  /** Its access token for `endpoint` (the login's own), refreshed and saved first when close to expiry. */
  accessToken(endpoint: string): Promise<string>;
}

export function storedLogin(deps: AuthDeps): StoredLogin {
  return {
    read: () => readTokenFile(tokenFilePath(deps.env, deps.homedir)),
    accessToken: async (endpoint) => (await loadSession(deps, endpoint)).accessToken,
  };
}
