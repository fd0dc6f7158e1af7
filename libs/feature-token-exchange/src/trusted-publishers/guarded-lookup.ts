import { classifyAddress } from '@gatehouse/domain';
import { lookup as dnsLookup, LookupAddress, LookupOptions } from 'node:dns';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Raised (through the socket) when a host resolves to an address outbound requests may not reach. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_GATEHOUSE_REFUSED_ADDRESS';
  constructor(hostname: string, address: string, reason: string) {
    super(`${hostname} resolves to ${address}, which outbound requests may not reach (${reason})`);
    this.name = 'RefusedAddressError';
  }
}

/**
 * A `lookup` for sockets (undici's `connect.lookup`) that resolves as usual and then refuses the
 * connection when any resolved address is special-use (SSRF defence, @gatehouse/domain
 * classifyAddress). The check runs on the address actually connected to, so a DNS answer that
 * changes between a check and the connection (rebinding) cannot slip through.
 */
export function guardedLookup(options: { allowLoopback: boolean }) {
  return (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      for (const candidate of list) {
        const verdict = classifyAddress(candidate.address, { allowLoopback: options.allowLoopback });
        if (!verdict.allowed) return callback(new RefusedAddressError(hostname, candidate.address, verdict.reason ?? 'special-use'), []);
      }
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      if (lookupOptions.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
