import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW } from '@gatehouse/domain';
import { Secret, TOTP } from 'otpauth';

/** RFC 4226 §4 asks for at least 128 bits of shared secret and recommends 160. */
const SECRET_BYTES = 20;

/** A new random secret, in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URI of the secret, labelled with the issuer's host and the username. */
export function totpUri(secret: string, issuer: string, username: string): string {
  return new TOTP({
    issuer,
    label: username,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/**
 * The URI as a QR code, an SVG `data:` URL the settings app shows as an image. `qrcode` (and the
 * PNG encoder it brings) loads when a factor is first set up, not when auth starts.
 */
export async function totpQrCode(uri: string): Promise<string> {
  const { toString: qrCodeSvg } = await import('qrcode');
  const svg = await qrCodeSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** How many steps from now's the code belongs to (within TOTP_WINDOW), or null when it matches none. */
export function totpDelta(secret: string, code: string, nowMs: number): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d+$/.test(token)) return null;
  return TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: nowMs,
    window: TOTP_WINDOW,
  });
}
