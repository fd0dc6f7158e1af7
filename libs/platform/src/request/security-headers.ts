import type { ServerResponse } from 'node:http';

/**
 * Headers every response carries. A route may still override one (a page that must be framed
 * would replace `X-Frame-Options`); none does today.
 */
const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  // The consent page must not be framed by another site (clickjacking, RFC 6749 §10.13).
  ['X-Frame-Options', 'DENY'],
];

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
}
