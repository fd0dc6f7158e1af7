import { ApiError } from '../common';
import {
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  MAX_TOKEN_DURATION_SECONDS,
  MIN_TOKEN_DURATION_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  TRUSTED_PUBLISHER_TOKEN_TTL_SECONDS,
  expiresAt,
  isExpired,
  validateTokenDuration,
} from './token-lifetime';

const NOW = Date.UTC(2026, 0, 1);

describe('token lifetime', () => {
  it('has the documented constants', () => {
    expect(DEFAULT_ACCESS_TOKEN_TTL_SECONDS).toBe(28800);
    expect(MIN_TOKEN_DURATION_SECONDS).toBe(300);
    expect(MAX_TOKEN_DURATION_SECONDS).toBe(2592000);
    expect(TRUSTED_PUBLISHER_TOKEN_TTL_SECONDS).toBe(3600);
    expect(REFRESH_TOKEN_TTL_SECONDS).toBe(2592000);
  });

  it.each([300, 28800, 2592000])('accepts a duration of %p s', (seconds) => {
    expect(validateTokenDuration(seconds)).toBe(seconds);
  });

  it.each([
    [299, 'tokenDuration must be at least 300 seconds (5 minutes)'],
    [0, 'tokenDuration must be at least 300 seconds (5 minutes)'],
    [-1, 'tokenDuration must be at least 300 seconds (5 minutes)'],
    [2592001, 'tokenDuration must be at most 2592000 seconds (30 days)'],
    [300.5, 'tokenDuration must be a whole number of seconds'],
    ['3600', 'tokenDuration must be a whole number of seconds'],
    [Number.NaN, 'tokenDuration must be a whole number of seconds'],
    [null, 'tokenDuration must be a whole number of seconds'],
  ])('refuses %p with bad_request naming the field', (seconds, message) => {
    let error: unknown;
    try {
      validateTokenDuration(seconds);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('bad_request');
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).options.field).toBe('tokenDuration');
  });

  it('names the caller’s field', () => {
    expect(() => validateTokenDuration(10, 'expiresInSeconds')).toThrow(
      'expiresInSeconds must be at least 300 seconds (5 minutes)',
    );
  });

  it('computes expiry', () => {
    const at = expiresAt(NOW, 28800);
    expect(at).toBe(NOW + 28_800_000);
    expect(isExpired(at, at - 1)).toBe(false);
    expect(isExpired(at, at)).toBe(true);
  });
});
