/**
 * Strict textual IP address parsing, written out because libs/domain may not import `node:net`.
 *
 * IPv4 accepts only the dotted-quad form of RFC 791 with decimal octets and no leading zeros:
 * `0177.0.0.1` or `127.1` mean different hosts to different resolvers, so ambiguity is refused
 * rather than guessed. (WHATWG URL parsing already rewrites such hosts to dotted quads.)
 *
 * IPv6 follows RFC 4291 §2.2: eight groups of 1-4 hex digits, one `::` for a run of zero groups,
 * and an optional dotted-quad IPv4 tail. Zone identifiers (RFC 6874, `fe80::1%eth0`) are refused:
 * they only make sense for link-local targets, which are never allowed.
 */

const DOTTED_QUAD = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** The address as an unsigned 32-bit number, or null when `text` is not a canonical dotted quad. */
export function parseIPv4(text: string): number | null {
  const match = DOTTED_QUAD.exec(text);
  if (!match) return null;
  let value = 0;
  for (const octet of match.slice(1)) {
    if (octet.length > 1 && octet.startsWith('0')) return null;
    const n = Number(octet);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

export function formatIPv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

/** The address as a 128-bit number, or null when `text` is not an IPv6 address. Brackets are allowed. */
export function parseIPv6(text: string): bigint | null {
  let body = text.toLowerCase();
  if (body.startsWith('[') && body.endsWith(']')) body = body.slice(1, -1);
  if (body.includes('%') || !body.includes(':')) return null;

  const halves = body.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0]!, halves.length === 1);
  const tail = halves.length === 2 ? parseGroups(halves[1]!, true) : [];
  if (!head || !tail) return null;

  const present = head.length + tail.length;
  if (halves.length === 1 ? present !== 8 : present > 7) return null;

  const groups = [...head, ...new Array<number>(8 - present).fill(0), ...tail];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}

/** Groups of one side of `::`; an IPv4 tail (only allowed last) counts as two groups. */
function parseGroups(part: string, mayEndWithIPv4: boolean): number[] | null {
  if (part === '') return [];
  const pieces = part.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    const isLast = index === pieces.length - 1;
    if (isLast && mayEndWithIPv4 && piece.includes('.')) {
      const v4 = parseIPv4(piece);
      if (v4 === null) return null;
      groups.push(Math.floor(v4 / 65536), v4 % 65536);
      continue;
    }
    if (!HEX_GROUP.test(piece)) return null;
    groups.push(parseInt(piece, 16));
  }
  return groups;
}

/** True when `text` is an IPv4 or IPv6 literal (IPv6 with or without brackets). */
export function isIpLiteral(text: string): boolean {
  return parseIPv4(text) !== null || parseIPv6(text) !== null;
}
