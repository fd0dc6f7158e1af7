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
 * Whether the credential may change things: not a personal token of role `read`, nor an exchange
 * token of a `read` member (docs/oauth.md "Token exchange": the member's role limits the token).
 * Scopes are checked apart (`assertScopes`).
 */
export function hasWriteAccess(principal: Principal): boolean {
  if (principal.kind === 'personal') return principal.role === 'write';
  if (principal.kind === 'exchange') return principal.memberRole !== 'read';
  return true;
}

/** Routes that change things refuse read-only credentials (`hasWriteAccess`) with a 403 that says why. */
export function assertWriteAccess(principal: Principal): void {
  if (hasWriteAccess(principal)) return;
  throw ApiError.forbidden(
    principal.kind === 'exchange'
      ? 'This token has read-only access in its organization and cannot change anything'
      : 'This token has read-only access and cannot change anything',
  );
}
