import { isIP } from 'node:net';
import type { Agent, buildConnector as BuildConnector } from 'undici';
import { buildConnector, newAgent } from './undici-parts';
import { addressRefusal, type AddressGuardOptions, guardedLookup } from './guarded-lookup';

export interface GuardedAgentOptions extends AddressGuardOptions {
  connectTimeoutMs: number;
  /** The rest of undici's Agent options (timeouts, keep-alive); the connector is the guard's. */
  agent?: Omit<Agent.Options, 'connect'>;
}

/**
 * undici's connector with the guard: host names go through guardedLookup, a URL naming an IP
 * address directly (which net.connect never looks up) is judged before dialling, and the peer of
 * the connected socket is judged once more. Every connection of the agent goes through it, so a
 * redirect, were one followed, would be checked as well.
 */
export function guardedConnector(options: GuardedAgentOptions): BuildConnector.connector {
  const connect = buildConnector({
    lookup: guardedLookup(options),
    timeout: options.connectTimeoutMs,
  });
  return (connectOptions, callback) => {
    const host = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
    const literalRefusal = isIP(host) ? addressRefusal(host, options) : null;
    if (literalRefusal) {
      callback(literalRefusal, null);
      return;
    }
    connect(connectOptions, (error, socket) => {
      if (error) return callback(error, null);
      const peerRefusal = socket.remoteAddress
        ? addressRefusal(socket.remoteAddress, options)
        : null;
      if (peerRefusal) {
        socket.destroy();
        return callback(peerRefusal, null);
      }
      callback(null, socket);
    });
  };
}

/**
 * The one transport for requests to addresses a user supplied (webhook deliveries, client-ID
 * metadata documents, CI providers' JWKS): an undici Agent whose every connection is guarded.
 * Loopback passes only with `allowLoopback` (GATEHOUSE_ALLOW_LOOPBACK_TARGETS).
 */
export function guardedAgent(options: GuardedAgentOptions): Agent {
  return newAgent({ ...options.agent, connect: guardedConnector(options) });
}
