import { clientAddressFrom, TrustedProxies } from '@gatehouse/domain';
import type { Request } from 'express';

const addresses = new WeakMap<Request, string>();

/**
 * Where each request's client address comes from (docs/security.md "A client choosing its own
 * address"): the rule of `clientAddressFrom` over GATEHOUSE_TRUSTED_PROXIES, applied once per
 * request by the request pipeline. Express's `trust proxy` is set from the same list, so
 * `req.ip` and `req.protocol` agree with it; but every reader of the address calls
 * `clientAddressOf`, which also normalises it (lint refuses `req.ip`).
 */
export class ClientAddressRule {
  readonly trusted: TrustedProxies;

  constructor(trustedProxies: readonly string[] = []) {
    this.trusted = TrustedProxies.of(trustedProxies);
  }

  assign(req: Request): void {
    addresses.set(
      req,
      clientAddressFrom(
        { peer: req.socket.remoteAddress, forwardedFor: req.headers['x-forwarded-for'] },
        this.trusted,
      ),
    );
  }

  /** Express's `trust proxy` as a function of the hop's address. */
  readonly trustProxy = (address: string): boolean => this.trusted.trusts(address);
}

/**
 * The exact client address of a request (IPv4, or IPv6 in RFC 5952 form; `unknown` without a
 * peer), for audit entries and logs. Counters key on `rateLimitKeyOf` of it (libs/domain). A
 * request that did not pass the pipeline (a unit test's) is taken from its peer alone.
 */
export function clientAddressOf(req: Request): string {
  return (
    addresses.get(req) ??
    clientAddressFrom(
      { peer: req.socket?.remoteAddress, forwardedFor: undefined },
      TrustedProxies.none(),
    )
  );
}
