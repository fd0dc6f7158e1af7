import type { NextFunction, Request, Response } from 'express';

/**
 * Headers every response carries. A route may still override one (a page that must be framed
 * would replace `X-Frame-Options`); none does today.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // The consent page must not be framed by another site (clickjacking, RFC 6749 §10.13).
  'X-Frame-Options': 'DENY',
};

export function securityHeadersMiddleware() {
  return (_req: Request, res: Response, next: NextFunction): void => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    next();
  };
}
