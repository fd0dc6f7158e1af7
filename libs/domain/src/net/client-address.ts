import ipaddr from 'ipaddr.js';
import { type IpAddress, parseIpAddress } from './ip-address';

/** What a request's address is taken from: the TCP peer and the X-Forwarded-For header as received. */
export interface RequestHops {
  /** The socket's remote address; undefined once the socket is gone. */
  peer: string | undefined;
  /** X-Forwarded-For as received (Node joins repeated headers with `, `). */
  forwardedFor: string | string[] | undefined;
}

/** The address given when the peer is unknown or not an IP address. */
export const UNKNOWN_CLIENT_ADDRESS = 'unknown';

/**
 * The proxies whose X-Forwarded-For is believed (GATEHOUSE_TRUSTED_PROXIES): a list of CIDR
 * blocks. Empty trusts nobody, so the TCP peer is the client.
 */
export class TrustedProxies {
  private constructor(private readonly blocks: ReadonlyArray<[IpAddress, number]>) {}

  static none(): TrustedProxies {
    return new TrustedProxies([]);
  }

  /** `10.0.0.0/8`, `2001:db8::/32`, or a bare address (one host); throws on anything else. */
  static of(cidrs: readonly string[]): TrustedProxies {
    return new TrustedProxies(cidrs.map(parseBlock));
  }

  get isEmpty(): boolean {
    return this.blocks.length === 0;
  }

  /** Whether the address written as `text` is one of the trusted proxies (false for anything unparseable). */
  trusts(text: string): boolean {
    if (this.blocks.length === 0) return false;
    const address = parseIpAddress(text);
    return address !== null && this.includes(address);
  }

  includes(address: IpAddress): boolean {
    const plain = unmapped(address);
    return this.blocks.some(
      ([base, bits]) =>
        base.kind() === plain.kind() && (plain as ipaddr.IPv4).match(base as ipaddr.IPv4, bits),
    );
  }
}

/**
 * The client's address: the TCP peer, unless the peer is a trusted proxy; then X-Forwarded-For
 * is read from the right, each entry being what the hop after it saw, and every trusted hop is
 * skipped. The first untrusted hop is the client. Entries left of it were written by the client
 * (or by proxies nobody vouches for) and are never read, so an untrusted peer cannot choose its
 * address, and a client behind a trusted proxy cannot either. When every hop is trusted the
 * leftmost is the client; a malformed entry ends the walk at the last good hop.
 *
 * The answer is normalised (an IPv4-mapped IPv6 address is its IPv4 address; IPv6 in RFC 5952
 * form), so it is the exact address for audit entries and logs. Counters key on
 * `rateLimitKeyOf` of it instead.
 */
export function clientAddressFrom(hops: RequestHops, trusted: TrustedProxies): string {
  const peer = hops.peer === undefined ? null : parseIpAddress(hops.peer);
  if (peer === null) return UNKNOWN_CLIENT_ADDRESS;
  let client = unmapped(peer);
  if (trusted.isEmpty || !trusted.includes(client)) return canonical(client);
  const entries = forwardedEntries(hops.forwardedFor);
  for (let index = entries.length - 1; index >= 0; index--) {
    const hop = parseIpAddress(entries[index]!);
    if (hop === null) break;
    client = unmapped(hop);
    if (!trusted.includes(client)) break;
  }
  return canonical(client);
}

/**
 * The key every per-address counter uses: an IPv4 address as is, an IPv6 address by its /64. One
 * IPv6 subscriber is routinely given a whole /64 (RFC 6177), so keying on the exact address would
 * hand one client 2^64 fresh budgets. Anything else (`unknown`) is its own key.
 */
export function rateLimitKeyOf(address: string): string {
  const parsed = parseIpAddress(address);
  if (parsed === null) return address;
  const plain = unmapped(parsed);
  if (plain.kind() === 'ipv4') return plain.toString();
  const parts = (plain as ipaddr.IPv6).parts.slice(0, 4);
  return `${rfc5952(new ipaddr.IPv6([...parts, 0, 0, 0, 0]))}/64`;
}

function forwardedEntries(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  return [header]
    .flat()
    .flatMap((value) => value.split(','))
    .map((entry) => entry.trim());
}

function unmapped(address: IpAddress): IpAddress {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

function canonical(address: IpAddress): string {
  return address.kind() === 'ipv6' ? rfc5952(address as ipaddr.IPv6) : address.toString();
}

/** ipaddr.js 1.x has the method but not its type; its `toString` shortens a single zero group too. */
function rfc5952(address: ipaddr.IPv6): string {
  return (address as ipaddr.IPv6 & { toRFC5952String(): string }).toRFC5952String();
}

function parseBlock(cidr: string): [IpAddress, number] {
  const [text, bits, ...rest] = cidr.trim().split('/');
  const address = parseIpAddress(text ?? '');
  if (address === null || rest.length > 0)
    throw new RangeError(`not an address or CIDR block: ${cidr}`);
  const plain = unmapped(address);
  const width = plain.kind() === 'ipv4' ? 32 : 128;
  if (bits === undefined) return [plain, width];
  // A mapped IPv6 block (::ffff:10.0.0.0/104) is matched as its IPv4 block.
  const prefix = Number(bits) - (plain === address ? 0 : 96);
  if (!/^\d{1,3}$/.test(bits) || prefix < 0 || prefix > width)
    throw new RangeError(`not an address or CIDR block: ${cidr}`);
  return [plain, prefix];
}

/**
 * An address coarse enough to show a token's owner where it was last used without keeping where
 * its holder is: an IPv4 address by its /24 (`203.0.113.0/24`), an IPv6 one by its /48. Anything
 * that is not an address is `unknown`.
 */
export function anonymisedAddressOf(address: string): string {
  const parsed = parseIpAddress(address);
  if (parsed === null) return UNKNOWN_CLIENT_ADDRESS;
  const plain = unmapped(parsed);
  if (plain.kind() === 'ipv4') {
    const [a, b, c] = (plain as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (plain as ipaddr.IPv6).parts.slice(0, 3);
  return `${rfc5952(new ipaddr.IPv6([...parts, 0, 0, 0, 0, 0]))}/48`;
}
