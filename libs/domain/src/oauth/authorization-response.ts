import { OAuthError } from '../common';

/** Parameters of an authorization response, success (`code`) or error (`error`). */
export interface AuthorizationResponseParams {
  code?: string;
  error?: string;
  error_description?: string;
  /** Echoed exactly as received; null or undefined when the request had none. */
  state?: string | null;
  /** RFC 9207: the issuer, so clients talking to several servers can tell who answered. */
  iss: string;
}

const ORDER = ['code', 'error', 'error_description', 'state', 'iss'] as const;

/**
 * The redirect URI with the response parameters appended to its query (RFC 6749 §3.1.2: the
 * registered URI's own query is kept, never replaced or reordered). Values are percent-encoded
 * with encodeURIComponent, so `state` (huggingface.js sends a JSON string) comes back byte for
 * byte through any URL parser.
 */
export function buildAuthorizationResponseUrl(
  redirectUri: string,
  params: AuthorizationResponseParams,
): string {
  const pairs: string[] = [];
  for (const name of ORDER) {
    const value = params[name];
    if (value === undefined || value === null) continue;
    pairs.push(`${name}=${encodeComponent(value)}`);
  }
  const query = pairs.join('&');
  if (!redirectUri.includes('?')) return `${redirectUri}?${query}`;
  return redirectUri.endsWith('?') || redirectUri.endsWith('&')
    ? redirectUri + query
    : `${redirectUri}&${query}`;
}

/** The error parameters for an OAuth error: its code and its public description only. */
export function authorizationErrorParams(
  error: OAuthError,
  state: string | null | undefined,
  iss: string,
): AuthorizationResponseParams {
  return {
    error: error.code,
    error_description: sanitizeDescription(error.description),
    state,
    iss,
  };
}

/** RFC 6749 §4.1.2.1: error_description is limited to %x20-21 / %x23-5B / %x5D-7E. */
function sanitizeDescription(description: string): string {
  return description.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, "'");
}

// A lone surrogate would make encodeURIComponent throw; browsers send U+FFFD in its place.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function encodeComponent(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}
