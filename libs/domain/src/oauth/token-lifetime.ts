import { ApiError } from '../common';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** docs/oauth.md "Token formats and lifetimes": 8 hours unless the app (or the organization, for token exchange) says otherwise. */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 8 * HOUR;
/** docs/oauth.md "Token formats and lifetimes": at least 5 minutes, at most 30 days. */
export const MIN_TOKEN_DURATION_SECONDS = 5 * 60;
export const MAX_TOKEN_DURATION_SECONDS = 30 * DAY;
/** docs/oauth.md "Token formats and lifetimes": trusted-publisher tokens last one hour, with no refresh token. */
export const TRUSTED_PUBLISHER_TOKEN_TTL_SECONDS = HOUR;
/**
 * Refresh tokens: 30 days (the lifetime in huggingface_hub's device-flow fixtures); they rotate on
 * every use, so an active client never reaches it.
 */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * DAY;

/**
 * Validates a configured token duration (app setting, organization setting for token exchange).
 * A bad value is a `bad_request` naming `field`, so the settings API can point at it.
 */
export function validateTokenDuration(seconds: unknown, field = 'tokenDuration'): number {
  if (typeof seconds !== 'number' || !Number.isInteger(seconds)) {
    throw ApiError.badRequest(`${field} must be a whole number of seconds`, field);
  }
  if (seconds < MIN_TOKEN_DURATION_SECONDS) {
    throw ApiError.badRequest(
      `${field} must be at least ${MIN_TOKEN_DURATION_SECONDS} seconds (5 minutes)`,
      field,
    );
  }
  if (seconds > MAX_TOKEN_DURATION_SECONDS) {
    throw ApiError.badRequest(
      `${field} must be at most ${MAX_TOKEN_DURATION_SECONDS} seconds (30 days)`,
      field,
    );
  }
  return seconds;
}

/** Expiry instant (ms since epoch) of something issued at `nowMs` for `ttlSeconds`. */
export function expiresAt(nowMs: number, ttlSeconds: number): number {
  return nowMs + ttlSeconds * 1000;
}

/** Expired from the expiry instant on (the instant itself is already too late). */
export function isExpired(expiresAtMs: number, nowMs: number): boolean {
  return nowMs >= expiresAtMs;
}
