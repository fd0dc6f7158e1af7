/**
 * Device-flow user codes (RFC 8628 §6.1): 8 letters of a 20-letter alphabet with no vowels (codes
 * cannot spell words) and no look-alike letters, shown as `XXXX-XXXX`. 20^8 ≈ 2^34.6 codes, which
 * is why verification is rate-limited (RFC 8628 §5.1).
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const USER_CODE_LENGTH = 8;

/**
 * How many random bytes to pass to `userCodeFromBytes`. Each byte is kept with probability 15/16,
 * so 32 bytes fall short of 8 usable ones with probability below 10^-19.
 */
export const USER_CODE_RANDOM_BYTES = 32;

// Largest multiple of 20 not above 256: bytes 240-255 are skipped so each letter has the same odds.
const UNBIASED_LIMIT = 240;

/**
 * Maps random bytes to a user code without modulo bias, by rejection sampling: a byte below 240 is
 * taken as `alphabet[byte % 20]` (240 = 12 × 20, so every letter has exactly 12 byte values),
 * a byte of 240 or more is skipped. Throws RangeError when the bytes run out first; callers pass
 * `USER_CODE_RANDOM_BYTES` fresh bytes.
 */
export function userCodeFromBytes(bytes: Uint8Array): string {
  let code = '';
  for (const byte of bytes) {
    if (byte >= UNBIASED_LIMIT) continue;
    code += USER_CODE_ALPHABET[byte % USER_CODE_ALPHABET.length];
    if (code.length === USER_CODE_LENGTH) return code;
  }
  throw new RangeError(
    `userCodeFromBytes needs ${USER_CODE_LENGTH} bytes below ${UNBIASED_LIMIT}; pass more random bytes`,
  );
}

/** `BCDFGHJK` → `BCDF-GHJK`: how the code is shown and sent as `user_code`. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * What the user typed, reduced to the stored 8-letter form: case, whitespace and dashes are
 * ignored (RFC 8628 §6.1). Null when what is left is not 8 alphabet letters, so a typo is refused
 * before any lookup (and still counts as an attempt for the rate limit).
 */
export function normalizeUserCode(input: string): string | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== USER_CODE_LENGTH) return null;
  for (const letter of compact) if (!USER_CODE_ALPHABET.includes(letter)) return null;
  return compact;
}
