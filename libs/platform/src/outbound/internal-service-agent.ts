import type { Agent } from 'undici';
import { newAgent } from './undici-parts';

/**
 * The transport for calls between Gatehouse's own services (`auth` to `token-exchange`): the
 * address comes from the operator's configuration, never from a user, so no address rule applies;
 * connections are kept alive because every token-exchange grant makes one such call. Every other
 * connection this codebase opens goes through `guardedAgent`; the two live here so lint can refuse
 * a raw connection anywhere else.
 */
export function internalServiceAgent(): Agent {
  return newAgent({ keepAliveTimeout: 30_000 });
}
