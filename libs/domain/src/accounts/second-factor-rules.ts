/** RFC 6238 parameters every authenticator app supports: HMAC-SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may come from (RFC 6238 §5.2: one step of clock drift). */
export const TOTP_WINDOW = 1;

/** How many recovery codes an account holds at once. */
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 alphabet: no I, L, O or U to misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_GROUP = 5;
const RECOVERY_LENGTH = 2 * RECOVERY_GROUP;

/** The time step of `nowMs` (RFC 6238 §4.2, T0 = 0). */
export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step a code that matched `delta` steps away from now (in the window) would use up, or null
 * when it may not be accepted: RFC 6238 §5.2 asks that a code be accepted once, so a code of the
 * step already used, or of an earlier one, is refused even though it is still in the window.
 */
export function acceptedTotpStep(
  nowMs: number,
  delta: number | null,
  lastUsedStep: number | null,
): number | null {
  if (delta === null || Math.abs(delta) > TOTP_WINDOW) return null;
  const step = totpStepAt(nowMs) + delta;
  return lastUsedStep === null || step > lastUsedStep ? step : null;
}

/**
 * A recovery code from `RECOVERY_LENGTH` random bytes (the caller's randomness: one alphabet
 * character per byte, so a byte's low five bits): two groups of five, `xxxxx-xxxxx`, 50 bits.
 */
export function recoveryCodeOf(randomBytes: Uint8Array): string {
  if (randomBytes.length < RECOVERY_LENGTH)
    throw new RangeError(`a recovery code needs ${RECOVERY_LENGTH} random bytes`);
  const characters = Array.from(
    randomBytes.subarray(0, RECOVERY_LENGTH),
    (byte) => RECOVERY_ALPHABET[byte & 31],
  ).join('');
  return `${characters.slice(0, RECOVERY_GROUP)}-${characters.slice(RECOVERY_GROUP)}`;
}

/** The random bytes recoveryCodeOf takes. */
export const RECOVERY_CODE_RANDOM_BYTES = RECOVERY_LENGTH;

/**
 * A typed recovery code in the form it is hashed in, or null when it cannot be one: case,
 * spaces and the dash do not matter, and the letters people confuse with digits read as them
 * (Crockford: O as 0, I and L as 1).
 */
export function normalizedRecoveryCode(typed: string): string | null {
  const compact = typed
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/o/g, '0')
    .replace(/[il]/g, '1');
  if (compact.length !== RECOVERY_LENGTH) return null;
  for (const character of compact) if (!RECOVERY_ALPHABET.includes(character)) return null;
  return `${compact.slice(0, RECOVERY_GROUP)}-${compact.slice(RECOVERY_GROUP)}`;
}

/** Whether `typed` looks like a TOTP code (six digits, spaces allowed) rather than a recovery code. */
export function looksLikeTotpCode(typed: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed.replace(/\s/g, ''));
}

/** The SecretBox context of an account's TOTP secret: a box copied to another account does not open. */
export function totpSecretContext(userId: string): string {
  return `totp:${userId}`;
}

/** The settings page where a person sets up a second factor (an authenticator app or a passkey). */
export const SECOND_FACTOR_SETUP_PATH = '/settings/account/security';

/**
 * Why a member without a second factor is refused by an organization that requires two: what to
 * do, and where, so the refusal is a way forward (docs/security.md).
 */
export function twoFactorRequiredMessage(orgName: string): string {
  return `Organization ${orgName} requires two-factor authentication: set up an authenticator app or a passkey at ${SECOND_FACTOR_SETUP_PATH}, then try again.`;
}
