import { clientAddressFrom, TrustedProxies } from '@gatehouse/domain';
import type { Request } from 'express';
import type { Socket } from 'node:net';

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
  /**
   * The last answer on each connection: requests of a kept-alive connection share its peer, and
   * usually their X-Forwarded-For, so the addresses are parsed once per connection, not per request.
   */
  private readonly lastBySocket = new WeakMap<Socket, LastAddress>();
  /** `trustProxy`'s answers by hop address, emptied when full. */
  private readonly trustedHops = new Map<string, boolean>();

  constructor(trustedProxies: readonly string[] = []) {
    this.trusted = TrustedProxies.of(trustedProxies);
  }

  assign(req: Request): void {
    const socket = req.socket;
    const peer = socket.remoteAddress;
    const forwardedFor = req.headers['x-forwarded-for'];
    const last = this.lastBySocket.get(socket);
    if (last && last.peer === peer && last.forwardedFor === forwardedFor) {
      addresses.set(req, last.address);
      return;
    }
    const address = clientAddressFrom({ peer, forwardedFor }, this.trusted);
    addresses.set(req, address);
    // Node joins a repeated X-Forwarded-For into one string; anything else is not remembered.
    if (forwardedFor === undefined || typeof forwardedFor === 'string')
      this.lastBySocket.set(socket, { peer, forwardedFor, address });
  }

  /** Express's `trust proxy` as a function of the hop's address. */
  readonly trustProxy = (address: string): boolean => {
    let trusted = this.trustedHops.get(address);
    if (trusted === undefined) {
      trusted = this.trusted.trusts(address);
      if (this.trustedHops.size >= MAX_REMEMBERED_HOPS) this.trustedHops.clear();
      this.trustedHops.set(address, trusted);
    }
    return trusted;
  };
}

interface LastAddress {
  peer: string | undefined;
  forwardedFor: string | undefined;
  address: string;
}

const MAX_REMEMBERED_HOPS = 1024;

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
