import { UriComponents, parseUriComponents } from './uri-components';

/** The loopback hosts, each matched on its own literal (RFC 8252 §7.3, §8.3). */
const LOOPBACK_REDIRECT_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** An `http` URI on a loopback host: the only kind whose port may vary (RFC 8252 §7.3). */
export function isLoopbackRedirectUri(uri: string | UriComponents): boolean {
  const parts = typeof uri === 'string' ? parseUriComponents(uri) : uri;
  return (
    parts !== null &&
    parts.scheme === 'http' &&
    parts.host !== null &&
    LOOPBACK_REDIRECT_HOSTS.includes(parts.host)
  );
}

/**
 * A registered redirect URI whose query is exactly `*` (`https://app.example/callback?*`): the app
 * opts in to any query on that exact scheme, authority and path. huggingface_hub's
 * `attach_huggingface_oauth` sends the page to return to in the callback's query.
 */
const ANY_QUERY = '*';

/**
 * The parameters of the authorization response (RFC 6749 §4.1.2 and §4.1.2.1, RFC 9207). A query
 * the wildcard accepts may not carry them: the app would read a code, state, issuer or error the
 * requester planted next to (or instead of) the ones Gatehouse appends.
 */
const RESPONSE_PARAMETERS: ReadonlySet<string> = new Set([
  'code',
  'state',
  'iss',
  'error',
  'error_description',
  'error_uri',
]);

export interface RedirectMatchOptions {
  /**
   * Whether a loopback URI may use any port (RFC 8252 §7.3). For native apps only: an app that
   * has a secret is a web server with exact URIs, so a loopback listener on another port of the
   * user's machine must not receive its codes.
   */
  anyLoopbackPort: boolean;
}

/**
 * Matches a requested `redirect_uri` against an app's registered URIs (docs/settings-api.md
 * "Redirect URIs"):
 *  1. exact string match, port included, for `https` and custom schemes (and any other URI);
 *  2. for `http` on `localhost`, `127.0.0.1` or `[::1]`, when `anyLoopbackPort`, any port when
 *     every other component matches a registered loopback URI, whether that one has a port or not;
 *  3. the loopback host itself must be the same literal: `localhost` never matches `127.0.0.1`;
 *  4. path, query and userinfo compare as exact strings (no trailing-slash, case or
 *     percent-encoding leniency), except that a registered query of exactly `*` accepts any
 *     query, or none, on the same scheme, authority and path, unless it carries a parameter of
 *     the authorization response (`code`, `state`, `iss`, `error`...).
 * Malformed URIs and URIs with a fragment (RFC 6749 §3.1.2) never match.
 *
 * Returns the URI to redirect to (the requested one, which may carry its own port and query) or null.
 */
export function matchRedirectUri(
  requested: string,
  registered: readonly string[],
  options: RedirectMatchOptions = { anyLoopbackPort: true },
): string | null {
  const wanted = parseUriComponents(requested);
  if (!wanted) return null;
  if (
    registered.some(
      (candidate) => candidate === requested && parseUriComponents(candidate)?.query !== ANY_QUERY,
    )
  ) {
    return requested;
  }
  const portMayVary = options.anyLoopbackPort && isLoopbackRedirectUri(wanted);
  for (const candidate of registered) {
    const known = parseUriComponents(candidate);
    if (!known) continue;
    const anyQuery = known.query === ANY_QUERY;
    if (!anyQuery && !portMayVary) continue;
    const portMatches = known.port === wanted.port || (portMayVary && isLoopbackRedirectUri(known));
    const queryMatches = anyQuery
      ? !carriesResponseParameter(wanted.query)
      : known.query === wanted.query;
    if (portMatches && queryMatches && sameExceptPortAndQuery(known, wanted)) return requested;
  }
  return null;
}

function sameExceptPortAndQuery(a: UriComponents, b: UriComponents): boolean {
  return (
    a.scheme === b.scheme && a.host === b.host && a.userinfo === b.userinfo && a.path === b.path
  );
}

function carriesResponseParameter(query: string | null): boolean {
  if (query === null) return false;
  return [...new URLSearchParams(query).keys()].some((name) => RESPONSE_PARAMETERS.has(name));
}
