import { InvalidClient, InvalidRequest, OAuthError, UnsupportedResponseType } from '../common';
import { PkceChallenge, validateCodeChallenge } from './pkce';
import { matchRedirectUri } from './redirect-uri-matcher';
import { resolveRequestedScopes } from './scopes';

/** Query (GET) or form (POST) parameters as a web framework hands them over. */
export type AuthorizationParams = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The app as the authorization endpoint needs it (a registered app or a metadata document). */
export interface AuthorizingClient {
  clientId: string;
  redirectUris: readonly string[];
  scopes: readonly string[];
  /** Public apps (no secret, metadata-document apps) must send a PKCE challenge. */
  requiresPkce: boolean;
  /** Native apps (no secret) may redirect to a loopback URI on any port (RFC 8252 §7.3). */
  anyLoopbackPort: boolean;
}

interface AuthorizationRequest {
  clientId: string;
  /** The requested redirect URI (its loopback port may differ from the registered one). */
  redirectUri: string;
  scopes: string[];
  state: string | null;
  nonce: string | null;
  codeChallenge: PkceChallenge | null;
  /** Organizations the app asks for (`orgIds`), in order, without duplicates. */
  orgIds: string[];
  /** OIDC `prompt`: what the user must (or must not) be asked. */
  prompt: Prompt;
  /** OIDC `max_age`: the longest time since the user signed in, or null. */
  maxAgeSeconds: number | null;
}

/**
 * OIDC Core §3.1.2.1 `prompt`. `none`: answer without any page (login_required,
 * consent_required); `login`: sign in again even with a session (`select_account` means the same
 * here: a session holds one account); `consent`: show the consent page even when remembered.
 */
interface Prompt {
  none: boolean;
  login: boolean;
  consent: boolean;
}

const PROMPT_VALUES = new Set(['none', 'login', 'consent', 'select_account']);

function parsePrompt(value: string | null): Prompt {
  const values = (value ?? '').split(' ').filter((part) => part !== '');
  const unknown = values.find((part) => !PROMPT_VALUES.has(part));
  if (unknown !== undefined)
    throw new InvalidRequest(
      `prompt must be none, login, consent or select_account, not ${unknown}`,
    );
  const none = values.includes('none');
  if (none && values.length > 1)
    throw new InvalidRequest('prompt=none cannot be combined with other values');
  return {
    none,
    login: values.includes('login') || values.includes('select_account'),
    consent: values.includes('consent'),
  };
}

function parseMaxAge(value: string | null): number | null {
  if (value === null) return null;
  if (!/^\d{1,10}$/.test(value))
    throw new InvalidRequest('max_age must be a whole number of seconds');
  return Number(value);
}

/**
 * `error_page`: the client or redirect URI cannot be trusted, so the user sees an error page and
 * is never redirected (RFC 6749 §4.1.2.1, no open redirector). `redirect_error`: the error goes
 * back to the app with `error`, `error_description`, `state` and `iss`.
 */
export type AuthorizationRequestOutcome =
  | { kind: 'valid'; request: AuthorizationRequest }
  | { kind: 'error_page'; error: OAuthError }
  | { kind: 'redirect_error'; error: OAuthError; redirectUri: string; state: string | null };

const MAX_ORG_IDS = 50;

/** The `client_id` to look the app up by, or null when missing or repeated. */
export function authorizationClientId(params: AuthorizationParams): string | null {
  const value = params['client_id'];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Validates an authorization request (docs/oauth.md "Authorization code and PKCE") against the app found for its
 * `client_id` (null: unknown). Checks, in order: client_id, client, redirect_uri (error page);
 * then repeated parameters, response_type=code, scope, PKCE, orgIds, prompt, max_age (redirected).
 */
export function validateAuthorizationRequest(
  params: AuthorizationParams,
  client: AuthorizingClient | null,
): AuthorizationRequestOutcome {
  const clientId = authorizationClientId(params);
  if (clientId === null)
    return errorPage(new InvalidRequest('client_id is required and must appear once'));
  if (client === null) return errorPage(new InvalidClient('Unknown client'));
  const requestedRedirect = params['redirect_uri'];
  if (typeof requestedRedirect !== 'string' || requestedRedirect === '') {
    return errorPage(new InvalidRequest('redirect_uri is required and must appear once'));
  }
  const redirectUri = matchRedirectUri(requestedRedirect, client.redirectUris, {
    anyLoopbackPort: client.anyLoopbackPort,
  });
  if (redirectUri === null) {
    return errorPage(
      new InvalidRequest('redirect_uri does not match any redirect URI registered for this app'),
    );
  }

  const rawState = params['state'];
  const state = typeof rawState === 'string' ? rawState : null;
  try {
    for (const name of [
      'response_type',
      'scope',
      'state',
      'nonce',
      'code_challenge',
      'code_challenge_method',
      'prompt',
      'max_age',
    ]) {
      if (Array.isArray(params[name])) throw new InvalidRequest(`${name} must not be repeated`);
    }
    const responseType = single(params, 'response_type');
    if (responseType === null) throw new InvalidRequest('response_type is required');
    if (responseType !== 'code')
      throw new UnsupportedResponseType('Only response_type=code is supported');
    const scopes = resolveRequestedScopes(single(params, 'scope'), client.scopes);
    const codeChallenge = validateCodeChallenge(
      single(params, 'code_challenge'),
      single(params, 'code_challenge_method'),
      { required: client.requiresPkce },
    );
    const orgIds = parseOrgIds(params['orgIds']);
    const prompt = parsePrompt(single(params, 'prompt'));
    const maxAgeSeconds = parseMaxAge(single(params, 'max_age'));
    return {
      kind: 'valid',
      request: {
        clientId: client.clientId,
        redirectUri,
        scopes,
        state,
        nonce: single(params, 'nonce'),
        codeChallenge,
        orgIds,
        prompt,
        maxAgeSeconds,
      },
    };
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    return { kind: 'redirect_error', error, redirectUri, state };
  }
}

/**
 * `orgIds` as comma-separated values, repeated parameters, or both (`orgIds=a,b&orgIds=c`):
 * trimmed, empty entries dropped, duplicates removed, order kept. At most 50.
 */
export function parseOrgIds(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  const values = typeof value === 'string' ? [value] : value;
  const ids = new Set<string>();
  for (const entry of values) {
    for (const part of entry.split(',')) {
      const id = part.trim();
      if (id !== '') ids.add(id);
    }
  }
  if (ids.size > MAX_ORG_IDS)
    throw new InvalidRequest(`orgIds may name at most ${MAX_ORG_IDS} organizations`);
  return [...ids];
}

function single(params: AuthorizationParams, name: string): string | null {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

function errorPage(error: OAuthError): AuthorizationRequestOutcome {
  return { kind: 'error_page', error };
}
