import { formatIPv4, parseIPv4, parseIPv6 } from './ip-address';

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

interface Block<T> {
  base: T;
  prefix: number;
  name: string;
  cidr: string;
}

function v4(cidr: string, name: string): Block<number> {
  const [address, prefix] = cidr.split('/');
  return { base: parseIPv4(address!)!, prefix: Number(prefix), name, cidr };
}

function v6(cidr: string, name: string): Block<bigint> {
  const [address, prefix] = cidr.split('/');
  return { base: parseIPv6(address!)!, prefix: Number(prefix), name, cidr };
}

const LOOPBACK_V4 = v4('127.0.0.0/8', 'loopback');

const REFUSED_V4: Block<number>[] = [
  v4('0.0.0.0/8', '"this network"'),
  v4('10.0.0.0/8', 'private-use'),
  v4('100.64.0.0/10', 'shared address space (CGNAT)'),
  LOOPBACK_V4,
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private-use'),
  v4('192.0.0.0/24', 'IETF protocol assignments'),
  v4('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  v4('192.88.99.0/24', '6to4 relay anycast'),
  v4('192.168.0.0/16', 'private-use'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  v4('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved'),
  v4('255.255.255.255/32', 'limited broadcast'),
];

const REFUSED_V4_MOST_SPECIFIC_FIRST = [...REFUSED_V4].sort((a, b) => b.prefix - a.prefix);

const IPV4_MAPPED = v6('::ffff:0:0/96', 'IPv4-mapped');
const LOOPBACK_V6 = v6('::1/128', 'loopback');

const REFUSED_V6: Block<bigint>[] = [
  v6('::/128', 'unspecified'),
  LOOPBACK_V6,
  v6('::/96', 'IPv4-compatible (deprecated)'),
  v6('::ffff:0:0:0/96', 'IPv4-translated'),
  v6('64:ff9b::/96', 'NAT64'),
  v6('64:ff9b:1::/48', 'local-use NAT64'),
  v6('100::/64', 'discard-only'),
  v6('2001::/32', 'Teredo'),
  v6('2001::/23', 'IETF protocol assignments'),
  v6('2001:db8::/32', 'documentation'),
  v6('2002::/16', '6to4'),
  v6('3fff::/20', 'documentation'),
  v6('5f00::/16', 'segment routing (SRv6) SIDs'),
  v6('fc00::/7', 'unique local'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local (deprecated)'),
  v6('ff00::/8', 'multicast'),
];

// Most specific block first, so `::1` reads "loopback" rather than "IPv4-compatible" and
// 255.255.255.255 reads "limited broadcast" rather than "reserved".
const REFUSED_V6_MOST_SPECIFIC_FIRST = [...REFUSED_V6].sort((a, b) => b.prefix - a.prefix);

const GLOBAL_UNICAST_V6 = v6('2000::/3', 'global unicast');

function inV4(address: number, block: Block<number>): boolean {
  const size = 2 ** (32 - block.prefix);
  return Math.floor(address / size) === Math.floor(block.base / size);
}

function inV6(address: bigint, block: Block<bigint>): boolean {
  const shift = BigInt(128 - block.prefix);
  return address >> shift === block.base >> shift;
}

function refused(block: { name: string; cidr: string }, prefix = ''): AddressClassification {
  return { allowed: false, reason: `${prefix}${block.name} (${block.cidr})` };
}

function classifyIPv4(address: number, options: ClassifyAddressOptions, prefix = ''): AddressClassification {
  if (options.allowLoopback && inV4(address, LOOPBACK_V4)) return { allowed: true };
  const block = REFUSED_V4_MOST_SPECIFIC_FIRST.find((candidate) => inV4(address, candidate));
  return block ? refused(block, prefix) : { allowed: true };
}

function classifyIPv6(address: bigint, options: ClassifyAddressOptions): AddressClassification {
  if (inV6(address, IPV4_MAPPED)) {
    const embedded = Number(address & 0xffffffffn);
    return classifyIPv4(embedded, options, `IPv4-mapped ${formatIPv4(embedded)}: `);
  }
  if (options.allowLoopback && address === LOOPBACK_V6.base) return { allowed: true };
  const block = REFUSED_V6_MOST_SPECIFIC_FIRST.find((candidate) => inV6(address, candidate));
  if (block) return refused(block);
  if (!inV6(address, GLOBAL_UNICAST_V6)) return { allowed: false, reason: 'not global unicast (outside 2000::/3)' };
  return { allowed: true };
}

/** Classify one resolved address (IPv4 dotted quad, or IPv6 with or without brackets). */
export function classifyAddress(ip: string, options: ClassifyAddressOptions = {}): AddressClassification {
  const address4 = parseIPv4(ip);
  if (address4 !== null) return classifyIPv4(address4, options);
  if (ip.includes('%')) return { allowed: false, reason: 'zone identifiers are not accepted' };
  const address6 = parseIPv6(ip);
  if (address6 !== null) return classifyIPv6(address6, options);
  return { allowed: false, reason: 'not an IP address' };
}

/** 127.0.0.0/8, ::1 or ::ffff:127.0.0.0/104: the only targets `allowLoopback` lets through. */
export function isLoopbackAddress(ip: string): boolean {
  return !classifyAddress(ip).allowed && classifyAddress(ip, { allowLoopback: true }).allowed;
}
