import type { CliIo } from '../../cli-io';
import type { AuthDeps } from './auth-deps';
import { loadSession } from './session';

/** `gatehouse auth token`: prints the access token alone (for `$(gatehouse auth token)`), refreshed when close to expiry. */
export async function printToken(
  options: { endpoint?: string },
  io: CliIo,
  deps: AuthDeps,
): Promise<void> {
  const session = await loadSession(deps, options.endpoint);
  io.out(session.accessToken);
}
