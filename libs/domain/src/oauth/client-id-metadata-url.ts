import { InvalidClient } from '../common';
import { parseUriComponents } from './uri-components';

/** docs/oauth.md "Apps": where an app publishes its client-ID metadata document. */
/**
 * True when a `client_id` is to be treated as a metadata-document URL rather than a registered
 * app's id. Registered ids never contain a scheme, so anything starting like an http(s) URL is
 * routed here, and `validateClientIdUrl` then refuses what is not a proper https URL (instead of
 * answering "unknown client" for `http://...`).
 */
export function isClientIdMetadataUrl(clientId: string): boolean {
  return typeof clientId === 'string' && /^https?:\/\//i.test(clientId);
}

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The client-ID URL rules of draft-ietf-oauth-client-id-metadata-document §3 (docs/oauth.md "Apps"):
 * `https` only, a path other than `/`, no fragment, no userinfo, no `.` or `..` segments (also
 * as `%2e`), no query (SHOULD NOT: refused here), no control characters, spaces, backslashes or
 * non-ASCII. The URL is returned unchanged: it is compared to the document's `client_id` as a
 * string, never normalized. Throws invalid_client naming the broken rule.
 */
export function validateClientIdUrl(url: string): string {
  const refuse = (reason: string): never => {
    throw new InvalidClient(`client_id URL ${reason}`);
  };
  if (typeof url !== 'string' || url.length === 0) refuse('is empty');
  if (url.length > 2048) refuse('is longer than 2048 characters');
  if (hasForbiddenCharacter(url))
    refuse('contains a control character, space, backslash or non-ASCII character');
  if (!url.startsWith('https://')) refuse('must use the https scheme');
  if (url.includes('#')) refuse('must not contain a fragment');
  if (url.includes('?')) refuse('must not contain a query');

  const parts = parseUriComponents(url);
  if (!parts || !parts.host) return refuse('is not a valid URL');
  if (parts.userinfo !== null) refuse('must not contain userinfo');
  if (parts.path === '' || parts.path === '/') refuse('must have a path');
  if (parts.path.split('/').some((segment) => DOT_SEGMENT.test(segment)))
    refuse('must not contain . or .. segments');
  if (!URL.canParse(url)) refuse('is not a valid URL');
  return url;
}

/** The host name the consent page shows for a metadata-document app (CIMD §6, anti-phishing). */
export function clientIdHostname(url: string): string {
  return new URL(url).hostname;
}

/** Controls, space, DEL, non-ASCII and backslash: characters a fetcher or browser may rewrite. */
function hasForbiddenCharacter(url: string): boolean {
  for (let index = 0; index < url.length; index++) {
    const code = url.charCodeAt(index);
    if (code <= 0x20 || code >= 0x7f || code === 0x5c) return true;
  }
  return false;
}
