import type ipaddr from 'ipaddr.js';
import { type IpAddress, parseIpAddress } from './ip-address';

/**
 * SSRF defence: may Gatehouse open a connection to this address on a user's behalf (webhook
 * deliveries, webhook URL checks, client-ID metadata document fetches)?
 *
 * Refused: every IANA special-purpose block that is not globally reachable (RFC 6890 and the IANA
 * IPv4/IPv6 Special-Purpose Address Registries), plus multicast, and every IPv6 form that embeds or
 * tunnels to an IPv4 address (6to4, Teredo, NAT64, IPv4-compatible, IPv4-translated), because the
 * embedded address could be private. IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is judged by its IPv4
 * address. Any IPv6 address outside global unicast 2000::/3 is refused as well, so a block IANA
 * assigns later is refused until it is known.
 *
 * `allowLoopback` (local development and tests, `GATEHOUSE_ALLOW_LOOPBACK_TARGETS`) lets through
 * 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104, and nothing else.
 */
export interface AddressClassification {
  allowed: boolean;
  /** Why the address is refused, e.g. `private-use (10.0.0.0/8)`. Absent when allowed. */
  reason?: string;
}

export interface ClassifyAddressOptions {
  allowLoopback?: boolean;
}

interface Block {
  range: [IpAddress, number];
  name: string;
  cidr: string;
}

function block(cidr: string, name: string): Block {
  const [address, prefix] = cidr.split('/');
  return { range: [parseIpAddress(address!)!, Number(prefix)], name, cidr };
}

const LOOPBACK_V4 = block('127.0.0.0/8', 'loopback');

const REFUSED_V4: Block[] = [
  block('0.0.0.0/8', '"this network"'),
  block('10.0.0.0/8', 'private-use'),
  block('100.64.0.0/10', 'shared address space (CGNAT)'),
  LOOPBACK_V4,
  block('169.254.0.0/16', 'link-local'),
  block('172.16.0.0/12', 'private-use'),
  block('192.0.0.0/24', 'IETF protocol assignments'),
  block('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  block('192.88.99.0/24', '6to4 relay anycast'),
  block('192.168.0.0/16', 'private-use'),
  block('198.18.0.0/15', 'benchmarking'),
  block('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  block('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  block('224.0.0.0/4', 'multicast'),
  block('240.0.0.0/4', 'reserved'),
  block('255.255.255.255/32', 'limited broadcast'),
];

const REFUSED_V4_MOST_SPECIFIC_FIRST = [...REFUSED_V4].sort((a, b) => b.range[1] - a.range[1]);

const IPV4_MAPPED = block('::ffff:0:0/96', 'IPv4-mapped');
const LOOPBACK_V6 = block('::1/128', 'loopback');

const REFUSED_V6: Block[] = [
  block('::/128', 'unspecified'),
  LOOPBACK_V6,
  block('::/96', 'IPv4-compatible (deprecated)'),
  block('::ffff:0:0:0/96', 'IPv4-translated'),
  block('64:ff9b::/96', 'NAT64'),
  block('64:ff9b:1::/48', 'local-use NAT64'),
  block('100::/64', 'discard-only'),
  block('2001::/32', 'Teredo'),
  block('2001::/23', 'IETF protocol assignments'),
  block('2001:db8::/32', 'documentation'),
  block('2002::/16', '6to4'),
  block('3fff::/20', 'documentation'),
  block('5f00::/16', 'segment routing (SRv6) SIDs'),
  block('fc00::/7', 'unique local'),
  block('fe80::/10', 'link-local'),
  block('fec0::/10', 'site-local (deprecated)'),
  block('ff00::/8', 'multicast'),
];

// Most specific block first, so `::1` reads "loopback" rather than "IPv4-compatible" and
// 255.255.255.255 reads "limited broadcast" rather than "reserved".
const REFUSED_V6_MOST_SPECIFIC_FIRST = [...REFUSED_V6].sort((a, b) => b.range[1] - a.range[1]);

const GLOBAL_UNICAST_V6 = block('2000::/3', 'global unicast');

function within(address: IpAddress, candidate: Block): boolean {
  // ipaddr.js matches only within one family; its types cannot express that narrowing.
  return (
    address.kind() === candidate.range[0].kind() &&
    (address as ipaddr.IPv4).match(candidate.range as [ipaddr.IPv4, number])
  );
}

function refused(candidate: { name: string; cidr: string }, prefix = ''): AddressClassification {
  return { allowed: false, reason: `${prefix}${candidate.name} (${candidate.cidr})` };
}

function classifyIPv4(
  address: ipaddr.IPv4,
  options: ClassifyAddressOptions,
  prefix = '',
): AddressClassification {
  if (options.allowLoopback && within(address, LOOPBACK_V4)) return { allowed: true };
  const found = REFUSED_V4_MOST_SPECIFIC_FIRST.find((candidate) => within(address, candidate));
  return found ? refused(found, prefix) : { allowed: true };
}

function classifyIPv6(
  address: ipaddr.IPv6,
  options: ClassifyAddressOptions,
): AddressClassification {
  if (within(address, IPV4_MAPPED)) {
    const embedded = address.toIPv4Address();
    return classifyIPv4(embedded, options, `IPv4-mapped ${embedded.toString()}: `);
  }
  if (options.allowLoopback && within(address, LOOPBACK_V6)) return { allowed: true };
  const found = REFUSED_V6_MOST_SPECIFIC_FIRST.find((candidate) => within(address, candidate));
  if (found) return refused(found);
  if (!within(address, GLOBAL_UNICAST_V6))
    return { allowed: false, reason: 'not global unicast (outside 2000::/3)' };
  return { allowed: true };
}

/** Classify one resolved address (IPv4 dotted quad, or IPv6 with or without brackets). */
export function classifyAddress(
  ip: string,
  options: ClassifyAddressOptions = {},
): AddressClassification {
  if (ip.includes('%')) return { allowed: false, reason: 'zone identifiers are not accepted' };
  const address = parseIpAddress(ip);
  if (address === null) return { allowed: false, reason: 'not an IP address' };
  return address.kind() === 'ipv4'
    ? classifyIPv4(address as ipaddr.IPv4, options)
    : classifyIPv6(address as ipaddr.IPv6, options);
}

/** 127.0.0.0/8, ::1 or ::ffff:127.0.0.0/104: the only targets `allowLoopback` lets through. */
export function isLoopbackAddress(ip: string): boolean {
  return !classifyAddress(ip).allowed && classifyAddress(ip, { allowLoopback: true }).allowed;
}
