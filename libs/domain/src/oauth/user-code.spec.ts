import {
  USER_CODE_ALPHABET,
  USER_CODE_RANDOM_BYTES,
  formatUserCode,
  normalizeUserCode,
  userCodeFromBytes,
} from './user-code';

describe('user codes', () => {
  it('uses the RFC 8628 §6.1 alphabet: 20 consonants, no vowels', () => {
    expect(USER_CODE_ALPHABET).toBe('BCDFGHJKLMNPQRSTVWXZ');
    expect(USER_CODE_ALPHABET).not.toMatch(/[AEIOUY]/);
    expect(USER_CODE_RANDOM_BYTES).toBe(32);
  });

  it.each([
    [[0, 1, 2, 3, 4, 5, 6, 7], 'BCDFGHJK'],
    [[19, 20, 39, 40, 239, 220, 0, 1], 'ZBZBZBBC'],
    // 240-255 are skipped
    [[240, 255, 250, 0, 1, 2, 3, 4, 5, 6, 7], 'BCDFGHJK'],
    [[8, 9, 10, 11, 12, 13, 14, 15, 16, 17], 'LMNPQRST'],
  ])('maps %p to %p', (bytes, code) => {
    expect(userCodeFromBytes(new Uint8Array(bytes))).toBe(code);
  });

  it('gives every letter exactly 12 of the 240 usable byte values (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 240; byte++) {
      const letter = userCodeFromBytes(new Uint8Array([byte, 0, 0, 0, 0, 0, 0, 0]))[0];
      counts.set(letter, (counts.get(letter) ?? 0) + 1);
    }
    expect(counts.size).toBe(20);
    expect([...counts.values()].every((count) => count === 12)).toBe(true);
  });

  it('throws when the bytes run out before 8 usable ones', () => {
    expect(() =>
      userCodeFromBytes(new Uint8Array([1, 2, 3, 250, 251, 252, 253, 254, 255])),
    ).toThrow(RangeError);
    expect(() => userCodeFromBytes(new Uint8Array([]))).toThrow(RangeError);
  });

  it('formats as XXXX-XXXX', () => {
    expect(formatUserCode('BCDFGHJK')).toBe('BCDF-GHJK');
  });

  it.each([
    ['BCDF-GHJK', 'BCDFGHJK'],
    ['bcdf-ghjk', 'BCDFGHJK'],
    ['bcdfghjk', 'BCDFGHJK'],
    [' bcdf ghjk ', 'BCDFGHJK'],
    ['B-C-D-F-G-H-J-K', 'BCDFGHJK'],
    ['BcDf\tGhJk', 'BCDFGHJK'],
    ['BCDF-GHJ', null],
    ['BCDF-GHJKL', null],
    ['ABCD-EFGH', null],
    ['BCDF-GHJ1', null],
    ['BCDF_GHJK', null],
    ['', null],
    ['BCDF-GHJK'.repeat(10), null],
  ])('normalizeUserCode(%p) is %p', (input, expected) => {
    expect(normalizeUserCode(input)).toBe(expected);
  });
});
