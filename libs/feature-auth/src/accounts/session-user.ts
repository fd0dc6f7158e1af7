import { ApiError } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { tooManyRequestsMessage } from './account-request-throttle';

/**
 * The signed-in person behind a settings request that only the browser session may make (the
 * account's password, address and factors): a token, even a write one, is refused, so it cannot
 * take over the account.
 */
export function sessionUserOf(principal: Principal): string {
  if (principal.kind !== 'session' || !principal.user)
    throw ApiError.forbidden('Manage your account from the settings pages, signed in');
  return principal.user.id;
}

/** The 429 of an account request turned away by a rate limit. */
export function rateLimitedError(retryAfterSeconds: number): ApiError {
  return new ApiError('rate_limited', tooManyRequestsMessage(retryAfterSeconds), {
    retryAfterSeconds,
  });
}
