import { InvalidScope, parseScope, scopeCovers } from '@gatehouse/domain';

/**
 * RFC 6749 §6: the `scope` of a refresh request may narrow what was granted, never widen it;
 * absent, it means everything granted. A scope implied by a granted one (read-repos under
 * write-repos) is not a widening.
 */
export function narrowRefreshScopes(
  scopeParam: string | undefined,
  granted: readonly string[],
): string[] {
  const requested = parseScope(scopeParam);
  if (requested.length === 0) return [...granted];
  const widened = requested.find((scope) => !scopeCovers(granted, scope));
  if (widened !== undefined)
    throw new InvalidScope(`Scope '${widened}' was not granted to this refresh token`);
  return requested;
}
