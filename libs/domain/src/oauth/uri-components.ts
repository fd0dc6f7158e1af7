/**
 * A strict, non-normalizing split of an absolute URI into its RFC 3986 components.
 *
 * WHATWG `URL` is deliberately not used here: it lower-cases hosts, drops default ports, resolves
 * dot segments and treats `\` as `/`, so two different strings can compare equal after parsing.
 * Redirect URIs are compared as strings (RFC 9700 §4.1.3), so we keep the raw components and
 * refuse anything a browser might read differently from us.
 */
export interface UriComponents {
  scheme: string;
  /** null when the URI has no `//` authority (e.g. `myapp:callback`). */
  authority: string | null;
  userinfo: string | null;
  host: string | null;
  /** The port digits as written, null when absent. */
  port: string | null;
  path: string;
  query: string | null;
}

// RFC 3986 Appendix B, without the fragment group: fragments are refused before this runs.
const SPLIT = /^([^:/?#]+):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
// Characters RFC 3986 allows anywhere in a URI (reserved, unreserved, `%`). Anything else
// (controls, space, `\`, `"`, `<`, `>`, `{`, `}`, `|`, `^`, backtick, non-ASCII) is refused.
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
const REG_NAME = /^[A-Za-z0-9\-._~!$&'()*+,;=%]*$/;
const IP_LITERAL = /^\[[0-9A-Fa-f:.]+\]$/;
const USERINFO = /^[A-Za-z0-9\-._~!$&'()*+,;=%:]*$/;
const PORT = /^[0-9]{1,5}$/;

export function parseUriComponents(uri: string): UriComponents | null {
  if (typeof uri !== 'string' || uri.length === 0 || uri.length > 2048) return null;
  if (!URI_CHARACTERS.test(uri) || BAD_PERCENT.test(uri) || uri.includes('#')) return null;
  const match = SPLIT.exec(uri);
  if (!match) return null;
  const [, scheme, authority, path, query] = match;
  if (!SCHEME.test(scheme)) return null;
  const base = { scheme, path, query: query ?? null };
  if (authority === undefined) {
    return { ...base, authority: null, userinfo: null, host: null, port: null };
  }
  const parsed = parseAuthority(authority);
  return parsed ? { ...base, authority, ...parsed } : null;
}

function parseAuthority(
  authority: string,
): Pick<UriComponents, 'userinfo' | 'host' | 'port'> | null {
  const at = authority.indexOf('@');
  if (at !== authority.lastIndexOf('@')) return null;
  const userinfo = at === -1 ? null : authority.slice(0, at);
  if (userinfo !== null && !USERINFO.test(userinfo)) return null;
  const hostPort = at === -1 ? authority : authority.slice(at + 1);

  let host: string;
  let port: string | null = null;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close === -1) return null;
    host = hostPort.slice(0, close + 1);
    const rest = hostPort.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) return null;
      port = rest.slice(1);
    }
    if (!IP_LITERAL.test(host)) return null;
  } else {
    const colon = hostPort.indexOf(':');
    host = colon === -1 ? hostPort : hostPort.slice(0, colon);
    if (colon !== -1) port = hostPort.slice(colon + 1);
    if (!REG_NAME.test(host)) return null;
  }
  if (port !== null && (!PORT.test(port) || Number(port) > 65535)) return null;
  return { userinfo, host, port };
}
