import { bearerTokenOf } from './bearer-credentials';

describe('bearerTokenOf (RFC 6750 §2.1)', () => {
  it.each([
    ['Bearer hf_abc', 'hf_abc'],
    ['bearer hf_abc', 'hf_abc'],
    ['BEARER   hf_oauth_x.y-z~', 'hf_oauth_x.y-z~'],
    ['Bearer abc==', 'abc=='],
  ])('reads %p', (header, token) => {
    expect(bearerTokenOf(header)).toBe(token);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['Bearer'],
    ['Bearer '],
    ['Basic aGY6eA=='],
    ['Bearer a b'],
    ['Bearer a,b'],
    ['hf_abc'],
  ])('refuses %p', (header) => {
    expect(bearerTokenOf(header)).toBeNull();
  });
});
