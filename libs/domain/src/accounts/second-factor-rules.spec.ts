import {
  acceptedTotpStep,
  looksLikeTotpCode,
  normalizedRecoveryCode,
  RECOVERY_CODE_RANDOM_BYTES,
  recoveryCodeOf,
  totpStepAt,
} from './second-factor-rules';

const STEP_START = 1_767_225_600_000;

describe('TOTP steps', () => {
  it('counts 30-second steps from the epoch', () => {
    expect(totpStepAt(0)).toBe(0);
    expect(totpStepAt(29_999)).toBe(0);
    expect(totpStepAt(30_000)).toBe(1);
    expect(totpStepAt(STEP_START)).toBe(STEP_START / 30_000);
  });

  const now = STEP_START + 10_000;
  const step = totpStepAt(now);

  it.each([
    ['a code of this step, never used', 0, null, step],
    ['a code of the step before (clock drift)', -1, null, step - 1],
    ['a code of the step after', 1, null, step + 1],
    ['a code of this step after the previous step was used', 0, step - 1, step],
    ['the next step after this one was used', 1, step, step + 1],
  ])('accepts %s', (_what, delta, lastUsed, accepted) => {
    expect(acceptedTotpStep(now, delta, lastUsed)).toBe(accepted);
  });

  it.each([
    ['a code that matched no step', null, null],
    ['a code two steps away', 2, null],
    ['a code two steps back', -2, null],
    ['a replay of the step already used', 0, step],
    ['an older step once a later one was used', -1, step],
    ['any step before one used ahead', 0, step + 1],
  ])('refuses %s', (_what, delta, lastUsed) => {
    expect(acceptedTotpStep(now, delta, lastUsed)).toBeNull();
  });
});

describe('recovery codes', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);

  it('reads ten bytes as two groups of five Crockford base32 characters', () => {
    expect(recoveryCodeOf(bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9))).toBe('01234-56789');
    expect(recoveryCodeOf(bytes(10, 17, 18, 31, 32, 63, 200, 255, 100, 27))).toBe('ahjz0-z8z4v');
    expect(RECOVERY_CODE_RANDOM_BYTES).toBe(10);
  });

  it('refuses too few random bytes', () => {
    expect(() => recoveryCodeOf(bytes(1, 2, 3))).toThrow(RangeError);
  });

  it('only makes codes its own normalisation keeps as they are', () => {
    for (let seed = 0; seed < 256; seed += 7) {
      const code = recoveryCodeOf(
        Uint8Array.from({ length: 10 }, (_, index) => (seed * 13 + index * 29) % 256),
      );
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
      expect(normalizedRecoveryCode(code)).toBe(code);
    }
  });

  it.each([
    ['AHJZ0-Z8ZWV', 'ahjz0-z8zwv'],
    [' ahjz0 z8zwv ', 'ahjz0-z8zwv'],
    ['ahjz0z8zwv', 'ahjz0-z8zwv'],
    ['OIL23-45678', '01123-45678'],
  ])('reads %p as %p', (typed, code) => {
    expect(normalizedRecoveryCode(typed)).toBe(code);
  });

  it.each(['', '12345', 'ahjz0-z8zw', 'ahjz0-z8zwvv', 'ahjz0-z8zwu', 'ahjz0_z8zwv'])(
    'refuses %p',
    (typed) => {
      expect(normalizedRecoveryCode(typed)).toBeNull();
    },
  );
});

describe('looksLikeTotpCode', () => {
  it.each([
    ['123456', true],
    ['123 456', true],
    ['12345', false],
    ['1234567', false],
    ['ahjz0-z8zwv', false],
  ])('%p: %p', (typed, expected) => {
    expect(looksLikeTotpCode(typed)).toBe(expected);
  });
});
