import type { AddressInfo } from 'node:net';

/** The address the server is bound to, as the banner states it: who can reach it. */
export function listeningOn(address: AddressInfo | string | null): string {
  if (address === null || typeof address === 'string') return String(address);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const reach =
    address.address === '0.0.0.0'
      ? 'every IPv4 interface'
      : address.address === '::'
        ? 'every interface'
        : address.address.startsWith('127.') || address.address === '::1'
          ? 'this machine only'
          : 'this interface';
  return `${host}:${address.port}, ${reach}`;
}
