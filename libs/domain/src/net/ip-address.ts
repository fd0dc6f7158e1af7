import ipaddr from 'ipaddr.js';

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

const IPV4_TAIL = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/;

/**
 * The shape ipaddr.js's `isValidFourPartDecimal` also requires, tested first: its validity check
 * throws and catches an Error for anything that is not IPv4 (an IPv6 peer, `::ffff:127.0.0.1`),
 * and capturing that stack trace cost a sixth of a bearer check's CPU (docs/benchmarks.md).
 */
const FOUR_PART_DECIMAL = /^(?:0|[1-9]\d*)(?:\.(?:0|[1-9]\d*)){3}$/;

function isFourPartDecimal(text: string): boolean {
  return FOUR_PART_DECIMAL.test(text) && ipaddr.IPv4.isValidFourPartDecimal(text);
}

/**
 * Strict textual IP address parsing over ipaddr.js; brackets around IPv6 are allowed.
 *
 * IPv4 accepts only the dotted-quad form of RFC 791 with decimal octets and no leading zeros:
 * `0177.0.0.1` or `127.1` mean different hosts to different resolvers, so ambiguity is refused
 * rather than guessed. (WHATWG URL parsing already rewrites such hosts to dotted quads.)
 *
 * IPv6 follows RFC 4291 §2.2, where `::` stands for one or more zero groups and the last 32 bits
 * may be written as a dotted quad (rewritten to two groups first: ipaddr.js 1.x accepts a dotted
 * tail only in some positions). Zone identifiers (RFC 6874, `fe80::1%eth0`) are refused: they
 * only make sense for link-local targets, which are never allowed.
 */
export function parseIpAddress(text: string): IpAddress | null {
  if (isFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  let body = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (body.includes('%') || !body.includes(':')) return null;
  const tail = IPV4_TAIL.exec(body);
  if (tail) {
    if (!isFourPartDecimal(tail[2]!)) return null;
    const [a, b, c, d] = ipaddr.IPv4.parse(tail[2]!).octets as [number, number, number, number];
    body = `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  if (!/^[0-9a-f:]+$/i.test(body) || !ipaddr.IPv6.isValid(body)) return null;
  const written = body.split(':').filter((group) => group !== '').length;
  if (body.includes('::') && written > 7) return null;
  if (body.split(':').some((group) => group.length > 4)) return null;
  return ipaddr.IPv6.parse(body);
}

/** True when `text` is an IPv4 or IPv6 literal (IPv6 with or without brackets). */
export function isIpLiteral(text: string): boolean {
  return parseIpAddress(text) !== null;
}
