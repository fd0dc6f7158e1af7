import type { Response } from 'express';

/**
 * The settings app loads only its own hashed scripts and stylesheet: no inline code, so an
 * injected `<script>` or `style=` cannot run; it is never framed (clickjacking); it talks only to
 * this origin's API. Images only from this origin and `data:` (the favicon): the app shows no
 * remote image, so an injected `<img>` cannot beacon to another host.
 */
export const SETTINGS_APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function setSettingsAppHeaders(res: Response): void {
  res.setHeader('Content-Security-Policy', SETTINGS_APP_CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'same-origin');
}
