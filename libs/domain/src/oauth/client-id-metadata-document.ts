import { z } from 'zod';
import { InvalidClient } from '../common';
import { isLoopbackRedirectUri } from './redirect-uri-matcher';
import { parseUriComponents } from './uri-components';
import { clientIdHostname } from './client-id-metadata-url';

/** Retrieval limits (docs/oauth.md "Apps"): read at most 5 KB, give up after 2.5 s. */
export const CLIENT_METADATA_MAX_BYTES = 5 * 1024;
export const CLIENT_METADATA_FETCH_TIMEOUT_MS = 2500;

/** A metadata-document app, as the rest of the service sees it. Always public (`none`, PKCE). */
export interface ClientMetadata {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  tokenEndpointAuthMethod: 'none';
  logoUri: string | null;
  clientUri: string | null;
  /** The client ID's host name, shown on the consent page. */
  hostname: string;
}

// Unknown members are stripped, not refused: documents written for other servers carry extra
// RFC 7591 fields (Keycloak #51039 failed on ChatGPT's document for that reason).
const documentSchema = z.object({
  client_id: z.string({ error: 'client_id must be a string' }),
  client_name: z
    .string({ error: 'client_name is required' })
    .trim()
    .min(1, { error: 'client_name must not be empty' })
    .max(200, { error: 'client_name must be at most 200 characters' }),
  redirect_uris: z
    .array(z.string({ error: 'redirect_uris must hold strings' }), {
      error: 'redirect_uris is required',
    })
    .min(1, { error: 'redirect_uris must not be empty' })
    .max(20, { error: 'redirect_uris must hold at most 20 URIs' }),
  token_endpoint_auth_method: z.string({
    error: 'token_endpoint_auth_method is required and must be none',
  }),
  logo_uri: z.string({ error: 'logo_uri must be a string' }).optional(),
  client_uri: z.string({ error: 'client_uri must be a string' }).optional(),
});

/** Schemes a browser would run or read locally instead of navigating to an app. */
const UNSAFE_REDIRECT_SCHEMES = new Set([
  'javascript',
  'data',
  'vbscript',
  'file',
  'about',
  'blob',
  'filesystem',
]);

/**
 * Validates a fetched document (docs/oauth.md "Apps", CIMD §4) against the URL it was fetched from:
 *  - `client_id` equals the URL by simple string comparison;
 *  - `client_name` and a non-empty `redirect_uris` are present;
 *  - `token_endpoint_auth_method` is present and `none` (absent would mean client_secret_basic
 *    by RFC 7591 §2); `client_secret`, `client_secret_expires_at` and `client_secret_*` methods
 *    are refused: a public document cannot hold a secret;
 *  - each redirect URI is https, http on a loopback host (docs/oauth.md "Redirect URIs"), or a private-use scheme;
 *  - `logo_uri` and `client_uri`, when present, are https URLs.
 * Unknown fields are ignored. Throws invalid_client naming the first problem.
 */
export function validateMetadataDocument(url: string, json: unknown): ClientMetadata {
  const refuse = (reason: string): never => {
    throw new InvalidClient(`client metadata document ${reason}`);
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return refuse('must be a JSON object');
  for (const member of ['client_secret', 'client_secret_expires_at']) {
    if (member in json) refuse(`must not contain ${member}`);
  }

  const parsed = documentSchema.safeParse(json);
  if (!parsed.success) return refuse(`is invalid: ${parsed.error.issues[0].message}`);
  const document = parsed.data;

  if (document.client_id !== url) refuse('client_id must equal the URL it was fetched from');
  const method = document.token_endpoint_auth_method;
  if (method.startsWith('client_secret_'))
    refuse(`must not use shared-secret authentication (${method})`);
  if (method !== 'none') refuse('token_endpoint_auth_method must be none');
  for (const uri of document.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) refuse(`redirect_uris entry ${JSON.stringify(uri)} ${problem}`);
  }
  for (const field of ['logo_uri', 'client_uri'] as const) {
    const value = document[field];
    if (value !== undefined && !isHttpsUrl(value)) refuse(`${field} must be an https URL`);
  }

  return {
    clientId: url,
    clientName: document.client_name,
    redirectUris: [...new Set(document.redirect_uris)],
    tokenEndpointAuthMethod: 'none',
    logoUri: document.logo_uri ?? null,
    clientUri: document.client_uri ?? null,
    hostname: clientIdHostname(url),
  };
}

/**
 * True when every redirect URI is an http loopback one: anyone can host a copy of such an app's
 * document and listen on a local port, so the consent page warns (MCP guidance, docs/oauth.md "Consent").
 */
export function allRedirectUrisLoopback(uris: readonly string[]): boolean {
  return uris.length > 0 && uris.every((uri) => isLoopbackRedirectUri(uri));
}

function redirectUriProblem(uri: string): string | null {
  const parts = parseUriComponents(uri);
  if (!parts) return 'is not a valid URI without fragment';
  const scheme = parts.scheme.toLowerCase();
  if (scheme === 'https') return parts.host ? null : 'must have a host';
  if (scheme === 'http')
    return isLoopbackRedirectUri(parts) ? null : 'must use https unless on a loopback host';
  if (UNSAFE_REDIRECT_SCHEMES.has(scheme)) return `must not use the ${scheme} scheme`;
  return null;
}

function isHttpsUrl(value: string): boolean {
  const parts = parseUriComponents(value);
  return parts !== null && parts.scheme === 'https' && !!parts.host && parts.userinfo === null;
}
