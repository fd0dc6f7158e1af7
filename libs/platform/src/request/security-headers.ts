import type { Request, Response } from 'express';

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

/**
 * RFC 6797: browsers that reached us over https keep to https for a year. Sent only on a request
 * that came over https (`req.secure`: TLS, or `X-Forwarded-Proto: https` from a trusted proxy,
 * the gateway or the Ingress), never on the all-in-one's plain-http loopback. No
 * `includeSubDomains`: names under the public host are not Gatehouse's to pin.
 */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export function setSecurityHeaders(req: Request, res: Response): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  if (req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
}
