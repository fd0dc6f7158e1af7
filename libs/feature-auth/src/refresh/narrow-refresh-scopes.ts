import { InvalidScope, parseScope, SCOPES_SUPPORTED, scopeCovers } from '@gatehouse/domain';

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

/**
 * The scopes a refresh request narrows to, each with the scopes whose grant covers it (itself and
 * those implying it), for the store to check before it spends the token: a request that
 * narrowRefreshScopes refuses must leave the token unspent. Empty when nothing is narrowed.
 */
export function refreshNarrowing(
  scopeParam: string | undefined,
): Array<{ scope: string; coveredBy: string[] }> {
  return parseScope(scopeParam).map((scope) => ({
    scope,
    coveredBy: [
      scope,
      ...SCOPES_SUPPORTED.filter((other) => other !== scope && scopeCovers([other], scope)),
    ],
  }));
}
