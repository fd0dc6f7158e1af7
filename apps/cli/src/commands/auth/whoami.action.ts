import { GatehouseClient, UnauthorizedError } from '@gatehouse/sdk';
import type { CliIo } from '../../cli-io';
import type { AuthDeps } from './auth-deps';
import { loadSession } from './session';

/** `gatehouse auth whoami`: the user, their organizations and the endpoint (as `hf auth whoami`). */
export async function whoami(
  options: { endpoint?: string },
  io: CliIo,
  deps: AuthDeps,
): Promise<void> {
  const session = await loadSession(deps, options.endpoint);
  let me;
  try {
    me = await new GatehouseClient({
      endpoint: session.endpoint,
      token: session.accessToken,
      fetch: deps.fetch,
      env: {},
    }).whoami();
  } catch (error) {
    if (error instanceof UnauthorizedError)
      throw new Error('The stored token is no longer valid. Run `gatehouse auth login` again.');
    throw error;
  }
  io.out(`user: ${me.name}`);
  const orgs = (me.orgs ?? []).map((org) => org.name);
  if (orgs.length > 0) io.out(`orgs: ${orgs.join(',')}`);
  io.out(`endpoint: ${session.endpoint}`);
}
