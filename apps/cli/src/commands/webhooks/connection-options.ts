import type { Command } from 'commander';
import type { StoredToken } from './stored-token';

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
    .option('--endpoint <url>', 'Gatehouse base URL (default: $GATEHOUSE_ENDPOINT, else the one you signed in to)')
    .option('--token <token>', 'access token (default: $GATEHOUSE_TOKEN, $HF_TOKEN, else the one from gatehouse auth login)');
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/**
 * Flags first, then the environment, then the token `gatehouse auth login` stored. The stored
 * token is only sent to the endpoint it was issued by, never to another one.
 */
export function resolveConnection(flags: ConnectionFlags, env: Env, stored: () => StoredToken | null): Connection {
  const fromEnvironment = flags.token || env.GATEHOUSE_TOKEN || env.HF_TOKEN || undefined;
  const explicitEndpoint = flags.endpoint || env.GATEHOUSE_ENDPOINT || undefined;
  const login = explicitEndpoint && fromEnvironment ? null : stored();
  const endpoint = explicitEndpoint ?? login?.endpoint;
  if (!endpoint) {
    throw new Error('No Gatehouse endpoint: pass --endpoint, set GATEHOUSE_ENDPOINT, or sign in with gatehouse auth login');
  }
  const loginToken = login && trimSlashes(login.endpoint) === trimSlashes(endpoint) ? login.accessToken : undefined;
  return { endpoint, token: fromEnvironment ?? loginToken };
}
