import type { Request, Response } from 'express';
import { KNOWN_DEVICE_TTL_SECONDS } from './known-devices';

const PLAIN_NAME = 'gatehouse_device';
// RFC 6265bis §4.1.3.2: a __Host- cookie is Secure, host-only and Path=/, so no subdomain can plant one.
const HOST_NAME = '__Host-gatehouse_device';

function deviceCookieName(secure: boolean): string {
  return secure ? HOST_NAME : PLAIN_NAME;
}

/** The browser's device token (KnownDevices), or null. */
export function readDeviceCookie(req: Request, secure: boolean): string | null {
  const name = deviceCookieName(secure);
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return /^[A-Za-z0-9]{20,200}$/.test(value) ? value : null;
  }
  return null;
}

/**
 * Long-lived, HttpOnly (no script reads it), SameSite=Lax, Secure on https. It outlives
 * sign-out: it marks the browser, not a session, and vouches for nothing but itself.
 */
export function writeDeviceCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(deviceCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: KNOWN_DEVICE_TTL_SECONDS * 1000,
  });
}
