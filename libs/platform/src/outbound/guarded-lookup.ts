import { classifyAddress } from '@gatehouse/domain';
import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { AddressRefusedError } from './address-refused.error';

/** Resolves a host name to every address it has (the system's `dns.lookup`, by default). */
export type HostAddressResolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: HostAddressResolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** Every address of `hostname`, or a failure past `timeoutMs`: getaddrinfo has no timeout of its own. */
export async function resolveWithin(
  hostname: string,
  timeoutMs: number,
  resolve: HostAddressResolver = systemResolver,
): Promise<LookupAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new Error(`resolving ${hostname} took longer than ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([resolve(hostname), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface AddressGuardOptions {
  /** GATEHOUSE_ALLOW_LOOPBACK_TARGETS: loopback addresses (only) are let through. */
  allowLoopback: boolean;
  resolve?: HostAddressResolver;
}

/** The refusal of one address, or null when the guard lets it through (the rule: classifyAddress). */
export function addressRefusal(
  address: string,
  options: Pick<AddressGuardOptions, 'allowLoopback'>,
): AddressRefusedError | null {
  const verdict = classifyAddress(address, { allowLoopback: options.allowLoopback });
  return verdict.allowed
    ? null
    : new AddressRefusedError(address, verdict.reason ?? 'special-use address');
}

/**
 * A `lookup` for net/tls.connect that drops every address the rule refuses, so the socket can
 * only dial allowed addresses: the check happens between resolution and connect, leaving no
 * window for DNS rebinding. No allowed address at all fails the connection with
 * AddressRefusedError naming the first refused block.
 */
export function guardedLookup(options: AddressGuardOptions): LookupFunction {
  const resolve = options.resolve ?? systemResolver;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family =
          lookupOptions.family === 'IPv4'
            ? 4
            : lookupOptions.family === 'IPv6'
              ? 6
              : lookupOptions.family;
        const candidates =
          family === 4 || family === 6
            ? addresses.filter((address) => address.family === family)
            : addresses;
        const verdicts = candidates.map((address) => ({
          address,
          verdict: classifyAddress(address.address, { allowLoopback: options.allowLoopback }),
        }));
        const allowed = verdicts
          .filter(({ verdict }) => verdict.allowed)
          .map(({ address }) => address);
        if (allowed.length === 0) {
          const reason = verdicts[0]?.verdict.reason ?? 'no address';
          callback(new AddressRefusedError(hostname, reason), '', 0);
          return;
        }
        if (lookupOptions.all) callback(null, allowed);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
