import { classifyAddress, isIpLiteral } from '@gatehouse/domain';
import { lookup as dnsLookup, LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { RefusedAddressError } from './refused-address.error';

/**
 * An undici Agent that only opens connections to public addresses (CIMD draft §6, RFC 6890):
 * host names are resolved through a lookup that refuses special-use answers before any connect,
 * IP-literal hosts are checked the same way, and the socket's peer is checked again once
 * connected. Loopback passes only with `allowLoopback` (GATEHOUSE_ALLOW_LOOPBACK_TARGETS).
 */
export function addressGuardedAgent(options: { allowLoopback: boolean; connectTimeoutMs: number }): Agent {
  const check = (address: string): void => {
    const verdict = classifyAddress(address, { allowLoopback: options.allowLoopback });
    if (!verdict.allowed) throw new RefusedAddressError(address, verdict.reason ?? 'special-use address');
  };
  const connect = buildConnector({ timeout: options.connectTimeoutMs, lookup: guardedLookup(check) });
  return new Agent({
    connect: (connectOptions, callback) => {
      const host = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
      try {
        if (isIpLiteral(host)) check(host);
      } catch (error) {
        return callback(error as Error, null);
      }
      connect(connectOptions, (error, socket) => {
        if (error) return callback(error, null);
        try {
          if (socket.remoteAddress) check(socket.remoteAddress);
        } catch (refused) {
          socket.destroy();
          return callback(refused as Error, null);
        }
        callback(null, socket);
      });
    },
  });
}

/** dns.lookup, failing when any answer is refused (a client could connect to any of them). */
function guardedLookup(check: (address: string) => void): LookupFunction {
  return ((hostname: string, lookupOptions: LookupOneOptions | LookupAllOptions, callback: (...args: unknown[]) => void) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error);
      try {
        for (const { address } of addresses) check(address);
      } catch (refused) {
        return callback(refused);
      }
      if (lookupOptions.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }));
      callback(null, first.address, first.family);
    });
  }) as LookupFunction;
}
