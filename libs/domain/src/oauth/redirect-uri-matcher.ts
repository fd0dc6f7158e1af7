import { UriComponents, parseUriComponents } from './uri-components';

/** Spec 4.6 rule 2: the loopback hosts, each matched on its own (rule 3). */
export const LOOPBACK_REDIRECT_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** An `http` URI on a loopback host: the only kind whose port may vary (RFC 8252 §7.3). */
export function isLoopbackRedirectUri(uri: string | UriComponents): boolean {
  const parts = typeof uri === 'string' ? parseUriComponents(uri) : uri;
  return (
    parts !== null && parts.scheme === 'http' && parts.host !== null && LOOPBACK_REDIRECT_HOSTS.includes(parts.host)
  );
}

/**
 * Matches a requested `redirect_uri` against an app's registered URIs (spec 4.6):
 *  1. exact string match, port included, for `https` and custom schemes (and any other URI);
 *  2. for `http` on `localhost`, `127.0.0.1` or `[::1]`, any port when every other component
 *     matches a registered loopback URI, whether that one has a port or not;
 *  3. the loopback host itself must be the same literal: `localhost` never matches `127.0.0.1`;
 *  4. path, query and userinfo compare as exact strings (no trailing-slash, case or
 *     percent-encoding leniency).
 * Malformed URIs and URIs with a fragment (RFC 6749 §3.1.2) never match.
 *
 * Returns the URI to redirect to (the requested one, which may carry its own port) or null.
 */
export function matchRedirectUri(requested: string, registered: readonly string[]): string | null {
  const wanted = parseUriComponents(requested);
  if (!wanted) return null;
  if (registered.some((candidate) => candidate === requested)) return requested;
  if (!isLoopbackRedirectUri(wanted)) return null;

  for (const candidate of registered) {
    const known = parseUriComponents(candidate);
    if (known && isLoopbackRedirectUri(known) && sameExceptPort(known, wanted)) return requested;
  }
  return null;
}

function sameExceptPort(a: UriComponents, b: UriComponents): boolean {
  return (
    a.scheme === b.scheme &&
    a.host === b.host &&
    a.userinfo === b.userinfo &&
    a.path === b.path &&
    a.query === b.query
  );
}
