import type { Command } from 'commander';
import type { StoredLogin } from '../auth/stored-login';

export interface ConnectionFlags {
  endpoint?: string;
  token?: string;
}

export interface Connection {
  endpoint: string;
  token: string | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;

export function withConnectionOptions(command: Command): Command {
  return command
    .option(
      '--endpoint <url>',
      'Gatehouse base URL (default: $GATEHOUSE_ENDPOINT, else the one you signed in to)',
    )
    .option(
      '--token <token>',
      'access token (default: $GATEHOUSE_TOKEN, $HF_TOKEN, else the one from gatehouse auth login)',
    );
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/**
 * Flags first, then the environment, then the login `gatehouse auth login` stored (its token
 * refreshed when close to expiry). The stored token is only sent to the endpoint it was issued
 * by, never to another one.
 */
export async function resolveConnection(
  flags: ConnectionFlags,
  env: Env,
  login: StoredLogin,
): Promise<Connection> {
  const fromEnvironment = flags.token || env.GATEHOUSE_TOKEN || env.HF_TOKEN || undefined;
  const explicitEndpoint = flags.endpoint || env.GATEHOUSE_ENDPOINT || undefined;
  const stored = explicitEndpoint && fromEnvironment ? null : await login.read();
  const endpoint = explicitEndpoint ?? stored?.endpoint;
  if (!endpoint) {
    throw new Error(
      'No Gatehouse endpoint: pass --endpoint, set GATEHOUSE_ENDPOINT, or sign in with gatehouse auth login',
    );
  }
  if (fromEnvironment) return { endpoint, token: fromEnvironment };
  const ownEndpoint = stored !== null && trimSlashes(stored.endpoint) === trimSlashes(endpoint);
  return { endpoint, token: ownEndpoint ? await login.accessToken(stored.endpoint) : undefined };
}
