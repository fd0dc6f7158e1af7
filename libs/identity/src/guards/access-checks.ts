import { ApiError, impliedPermissions, type Permission, scopeCovers } from '@gatehouse/domain';
import type { Principal } from '../principal/principal';

/**
 * Credentials that act with the user's own rights: a `read` or `write` personal token (its role
 * limits it) or the user's browser session. Only these manage the user's tokens and apps; a
 * fine-grained token acts with its permissions only.
 */
export function actsAsUser(principal: Pick<Principal, 'kind' | 'role'>): boolean {
  return (
    (principal.kind === 'personal' && principal.role !== 'fineGrained') ||
    principal.kind === 'session'
  );
}

/** A personal token of role `fineGrained` (docs/oauth.md "Fine-grained tokens"). */
export function isFineGrained(principal: Pick<Principal, 'kind' | 'role'>): boolean {
  return principal.kind === 'personal' && principal.role === 'fineGrained';
}

/** Does this fine-grained token hold `permission` on its owner's own account (global, or the owner's `user` entry)? */
function holdsOnOwnAccount(principal: Principal, permission: Permission): boolean {
  const grant = principal.fineGrained;
  if (!grant || !principal.user) return false;
  const userId = principal.user.id;
  const held = [
    ...grant.global,
    ...grant.scoped
      .filter(({ entity }) => entity.type === 'user' && entity.id === userId)
      .flatMap(({ permissions }) => permissions),
  ];
  return impliedPermissions(held).has(permission);
}

/**
 * A fine-grained token on a route: refused where the route names no permission, passed where it
 * checks per resource, otherwise it needs the permission on its owner's own account.
 */
export function assertFineGrainedRoute(
  principal: Principal,
  required: Permission | 'per-resource' | undefined,
): void {
  if (required === 'per-resource') return;
  if (required === undefined)
    throw ApiError.forbidden('Fine-grained tokens cannot be used for this operation');
  if (!holdsOnOwnAccount(principal, required))
    throw ApiError.forbidden(
      `This token lacks the '${required}' permission needed for this operation`,
    );
}

/**
 * May the credential change what `permission` covers on its own account? A fine-grained token
 * when it holds the permission, any other when it has write access (`hasWriteAccess`).
 */
export function mayChange(principal: Principal, permission: Permission): boolean {
  return isFineGrained(principal)
    ? holdsOnOwnAccount(principal, permission)
    : hasWriteAccess(principal);
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
function hasWriteAccess(principal: Principal): boolean {
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
