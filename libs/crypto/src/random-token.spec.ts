import { randomToken } from './random-token';

describe('randomToken', () => {
  it('is the prefix followed by a base62 body of 43 characters for 32 bytes', () => {
    expect(randomToken('hf_oauth_')).toMatch(/^hf_oauth_[0-9A-Za-z]{43}$/);
  });

  it('sizes the body to carry at least the requested entropy', () => {
    expect(randomToken('', 16)).toMatch(/^[0-9A-Za-z]{22}$/);
    expect(randomToken('hf_', 24)).toMatch(/^hf_[0-9A-Za-z]{33}$/);
  });

  it('refuses less than 128 bits', () => {
    expect(() => randomToken('x', 15)).toThrow(RangeError);
    expect(() => randomToken('x', 16.5)).toThrow(RangeError);
  });

  it('never repeats and uses the whole alphabet', () => {
    const tokens = Array.from({ length: 2000 }, () => randomToken('', 16));
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(new Set(tokens.join('')).size).toBe(62);
  });
});
