import { ApiError, scopeCovers } from '@gatehouse/domain';
import type { Principal } from '../principal/principal';

/**
 * Credentials that act with the user's own rights: a personal token (its `role` limits it) or the
 * user's browser session. Only these manage the user's tokens and apps.
 */
export function actsAsUser(principal: Pick<Principal, 'kind'>): boolean {
  return principal.kind === 'personal' || principal.kind === 'session';
}

/**
 * OAuth, exchange and trusted-publisher tokens need every scope in `required` (scopes imply
 * others, docs/oauth.md "Scopes"); personal tokens and the browser session act with the user's rights and pass. The 403 names the
 * first scope missing.
 */
export function assertScopes(principal: Principal, required: readonly string[]): void {
  if (actsAsUser(principal)) return;
  const missing = required.find((scope) => !scopeCovers(principal.scopes, scope));
  if (missing !== undefined) {
    throw ApiError.forbidden(`This token lacks the '${missing}' scope needed for this operation`);
  }
}

/**
 * Routes that change things refuse read-only credentials: personal tokens of role `read`, and
 * exchange tokens of a `read` member (docs/oauth.md "Token exchange": the member's role limits the token).
 */
export function assertWriteAccess(principal: Principal): void {
  if (principal.kind === 'personal' && principal.role !== 'write') {
    throw ApiError.forbidden('This token has read-only access and cannot change anything');
  }
  if (principal.kind === 'exchange' && principal.memberRole === 'read') {
    throw ApiError.forbidden('This token has read-only access in its organization and cannot change anything');
  }
}
