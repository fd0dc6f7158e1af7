import { InvalidClient, InvalidRequest } from '../common';

/** `token_endpoint_auth_methods_supported` (docs/oauth.md "Client authentication"). */
export const TOKEN_ENDPOINT_AUTH_METHODS = [
  'client_secret_basic',
  'client_secret_post',
  'none',
] as const;
export type ClientAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** What a token or device request carries to identify its client, before any lookup. */
export interface PresentedClient {
  /** null when the request names no client (huggingface.js code exchange: found from the code). */
  clientId: string | null;
  secret: string | null;
  method: ClientAuthMethod;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * RFC 6749 §2.3.1: `Basic base64(urlencode(client_id) ":" urlencode(client_secret))`.
 * Null when there is no header or it uses another scheme. A Basic header that cannot be read is
 * invalid_client (the client tried to authenticate with the header, so §5.2 wants a 401).
 */
export function parseBasicAuthorization(
  header: string | null | undefined,
): ClientCredentials | null {
  if (!header) return null;
  const [scheme, ...rest] = header.trim().split(/ +/);
  if (scheme.toLowerCase() !== 'basic') return null;
  const token = rest.length === 1 ? rest[0] : '';
  if (!BASE64.test(token) || token.length % 4 !== 0) {
    throw new InvalidClient('Authorization header is not valid Basic credentials');
  }
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) throw new InvalidClient('Basic credentials must be client_id:client_secret');
  const clientId = formDecode(decoded.slice(0, colon));
  const clientSecret = formDecode(decoded.slice(colon + 1));
  if (clientId === null || clientSecret === null) {
    throw new InvalidClient('Basic credentials are not correctly form-urlencoded');
  }
  if (clientId === '') throw new InvalidClient('Basic credentials have an empty client_id');
  return { clientId, clientSecret };
}

function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Reads the client identification of a request (RFC 6749 §2.3):
 *  - Basic credentials and a `client_secret` in the body: invalid_request (one method only);
 *  - a body `client_id` different from the Basic one: invalid_client;
 *  - a body `client_secret` without `client_id`: invalid_request;
 *  - otherwise client_secret_basic, client_secret_post, or none (with or without `client_id`).
 */
export function presentedClient(input: {
  basic: ClientCredentials | null;
  bodyClientId?: string | null;
  bodyClientSecret?: string | null;
}): PresentedClient {
  const { basic } = input;
  const bodyClientId = input.bodyClientId || null;
  const bodySecret = input.bodyClientSecret || null;
  if (basic) {
    if (bodySecret !== null) {
      throw new InvalidRequest(
        'Use either the Authorization header or client_secret in the body, not both',
      );
    }
    if (bodyClientId !== null && bodyClientId !== basic.clientId) {
      throw new InvalidClient('client_id does not match the Authorization header');
    }
    return { clientId: basic.clientId, secret: basic.clientSecret, method: 'client_secret_basic' };
  }
  if (bodySecret !== null) {
    if (bodyClientId === null) throw new InvalidRequest('client_secret was sent without client_id');
    return { clientId: bodyClientId, secret: bodySecret, method: 'client_secret_post' };
  }
  return { clientId: bodyClientId, secret: null, method: 'none' };
}

/**
 * Decides client authentication (docs/oauth.md "Client authentication") once the caller has found the app (by the presented
 * `client_id`, or from the code when none was presented) and compared any presented secret with
 * the stored hash (`secretMatches`, false when no secret was presented):
 *  - a presented `client_id` that is not this app's: invalid_client;
 *  - an app with a secret must present it and it must match: invalid_client otherwise;
 *  - exception: `pkceBoundCode` (an authorization-code exchange whose code carries a PKCE
 *    challenge, already verified) may come without the secret, because huggingface.js exchanges
 *    codes of apps that have one with PKCE alone;
 *  - a public app (no secret, e.g. deleted) presenting a secret: invalid_client;
 *  - a public app presenting nothing: `none`.
 */
export function authenticateClient(input: {
  presented: PresentedClient;
  app: { clientId: string; hasSecret: boolean };
  secretMatches: boolean;
  pkceBoundCode?: boolean;
}): { clientId: string; method: ClientAuthMethod } {
  const { presented, app } = input;
  if (presented.clientId !== null && presented.clientId !== app.clientId) {
    throw new InvalidClient('client_id does not match the client of this request');
  }
  if (presented.secret !== null) {
    if (!app.hasSecret)
      throw new InvalidClient('This app has no client secret; authenticate with client_id only');
    if (!input.secretMatches) throw new InvalidClient('Invalid client credentials');
    return { clientId: app.clientId, method: presented.method };
  }
  if (app.hasSecret && !input.pkceBoundCode) {
    throw new InvalidClient('Client authentication is required for this app');
  }
  return { clientId: app.clientId, method: 'none' };
}
