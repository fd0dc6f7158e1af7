import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What `gatehouse auth login` keeps: the deployment it signed in to and the token it got. */
export interface StoredToken {
  endpoint: string;
  accessToken: string;
  [key: string]: unknown;
}

type Env = Readonly<Record<string, string | undefined>>;

/** `$XDG_CONFIG_HOME/gatehouse/token.json`, else `~/.config/gatehouse/token.json` (XDG Base Directory). */
export function storedTokenPath(env: Env = process.env, home: string = homedir()): string {
  const configHome = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(configHome, 'gatehouse', 'token.json');
}

/**
 * The token `gatehouse auth login` stored, or null when there is none. A file that is there but
 * unreadable as `{ endpoint, accessToken, ... }` is an error naming the file, not a silent sign-out.
 */
export function readStoredToken(env: Env = process.env, home: string = homedir()): StoredToken | null {
  const path = storedTokenPath(env, home);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`Cannot read ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not valid JSON; run 'gatehouse auth login' again`);
  }
  const record = parsed as Partial<StoredToken> | null;
  if (typeof record !== 'object' || record === null || typeof record.endpoint !== 'string' || typeof record.accessToken !== 'string') {
    throw new Error(`${path} lacks "endpoint" or "accessToken"; run 'gatehouse auth login' again`);
  }
  return record as StoredToken;
}
