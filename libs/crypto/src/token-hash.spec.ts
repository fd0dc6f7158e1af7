import { hashToken, timingSafeEqualString } from './token-hash';

describe('hashToken', () => {
  it('is the SHA-256 hex digest of the token', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('differs for different tokens', () => {
    expect(hashToken('hf_a')).not.toBe(hashToken('hf_b'));
  });
});

describe('timingSafeEqualString', () => {
  it.each([
    ['secret', 'secret', true],
    ['secret', 'secreT', false],
    ['secret', 'secret-longer', false],
    ['', '', true],
    ['', 'x', false],
    ['é', 'é', true],
  ])('%p vs %p is %p', (a, b, expected) => {
    expect(timingSafeEqualString(a, b)).toBe(expected);
  });
});
