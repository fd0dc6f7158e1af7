import { endUncached } from '@gatehouse/platform';
import type { Response } from 'express';

/**
 * CSP of every page: nothing but our own stylesheet and passkey script (PASSKEY_SCRIPT, which
 * talks to this origin only), no inline script, never framed (RFC 9700 §4.16 clickjacking). No `form-action`: browsers apply it to the redirect that
 * follows a form post, and the consent form's redirect goes to the app.
 */
const PAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Sends a rendered page, never cached (it carries a CSRF token and the user's data), so without an ETag. */
export function sendPage(res: Response, status: number, page: string): void {
  res
    .status(status)
    .setHeader('Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY)
    .setHeader('Cache-Control', 'no-store')
    .setHeader('Pragma', 'no-cache');
  endUncached(res, 'text/html; charset=utf-8', page);
}

/** A 303 See Other (RFC 9700 §4.12: never 307 after a form post carrying credentials). */
export function redirectSeeOther(res: Response, location: string): void {
  res.status(303).setHeader('Location', location).setHeader('Cache-Control', 'no-store').end();
}
