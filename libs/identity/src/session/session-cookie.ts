import type { Request, Response } from 'express';

const PLAIN_NAME = 'gatehouse_session';
// RFC 6265bis §4.1.3.2: a __Host- cookie is Secure, host-only and Path=/, so no subdomain can plant one.
const HOST_NAME = '__Host-gatehouse_session';

function sessionCookieName(secure: boolean): string {
  return secure ? HOST_NAME : PLAIN_NAME;
}

/** The session cookie's value, or null. Reads the header itself: no cookie middleware is assumed. */
export function readSessionCookie(req: Request, secure: boolean): string | null {
  const name = sessionCookieName(secure);
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return /^[A-Za-z0-9]{20,200}$/.test(value) ? value : null;
  }
  return null;
}

/** HttpOnly, SameSite=Lax (sent on the top-level GET back from an app), Secure on https. */
export function writeSessionCookie(
  res: Response,
  value: string,
  secure: boolean,
  maxAgeSeconds: number,
): void {
  res.cookie(sessionCookieName(secure), value, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: maxAgeSeconds * 1000,
  });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(sessionCookieName(secure), {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
  });
}
