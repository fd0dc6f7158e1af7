import {
  AuthorizationParams,
  AuthorizingClient,
  parseOrgIds,
  validateAuthorizationRequest,
} from './authorization-request';

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const publicClient: AuthorizingClient = {
  clientId: 'app-1',
  redirectUris: ['https://app.example.com/cb', 'http://127.0.0.1/callback'],
  scopes: ['openid', 'profile', 'email', 'read-repos'],
  requiresPkce: true,
  anyLoopbackPort: true,
};
const confidentialClient: AuthorizingClient = {
  ...publicClient,
  requiresPkce: false,
  anyLoopbackPort: false,
};

// huggingface.js oauthLoginUrl (docs/hf-clients.md "OAuth and OpenID Connect"), keys in its order.
const jsState = JSON.stringify({
  nonce: 'b0f6b8e4',
  redirectUri: 'https://app.example.com/cb',
  state: 'a&b=c',
});
const jsParams: AuthorizationParams = {
  client_id: 'app-1',
  scope: 'openid profile',
  response_type: 'code',
  redirect_uri: 'https://app.example.com/cb',
  state: jsState,
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
};

// authlib (Gradio, huggingface_hub): nonce, no PKCE, Basic at the token endpoint.
const authlibParams: AuthorizationParams = {
  response_type: 'code',
  client_id: 'app-1',
  redirect_uri: 'https://app.example.com/cb',
  scope: 'openid profile email',
  state: 'Zx81kL',
  nonce: 'n-0S6_WzA2Mj',
};

describe('validateAuthorizationRequest', () => {
  it('accepts the huggingface.js request and keeps state as given', () => {
    expect(validateAuthorizationRequest(jsParams, publicClient)).toEqual({
      kind: 'valid',
      request: {
        clientId: 'app-1',
        redirectUri: 'https://app.example.com/cb',
        scopes: ['openid', 'profile'],
        state: jsState,
        nonce: null,
        codeChallenge: { challenge: CHALLENGE, method: 'S256' },
        orgIds: [],
        prompt: { none: false, login: false, consent: false },
        maxAgeSeconds: null,
      },
    });
  });

  it('accepts the authlib request (nonce, no PKCE) for an app with a secret', () => {
    expect(validateAuthorizationRequest(authlibParams, confidentialClient)).toEqual({
      kind: 'valid',
      request: {
        clientId: 'app-1',
        redirectUri: 'https://app.example.com/cb',
        scopes: ['openid', 'profile', 'email'],
        state: 'Zx81kL',
        nonce: 'n-0S6_WzA2Mj',
        codeChallenge: null,
        orgIds: [],
        prompt: { none: false, login: false, consent: false },
        maxAgeSeconds: null,
      },
    });
  });

  it('uses the app scopes when none are asked, keeps a loopback port and reads orgIds', () => {
    const outcome = validateAuthorizationRequest(
      {
        ...jsParams,
        scope: undefined,
        redirect_uri: 'http://127.0.0.1:53682/callback',
        orgIds: ['org-a,org-b', 'org-a'],
      },
      publicClient,
    );
    expect(outcome.kind).toBe('valid');
    if (outcome.kind !== 'valid') return;
    expect(outcome.request.scopes).toEqual(['openid', 'profile', 'email', 'read-repos']);
    expect(outcome.request.redirectUri).toBe('http://127.0.0.1:53682/callback');
    expect(outcome.request.orgIds).toEqual(['org-a', 'org-b']);
  });

  describe('shows an error page, never redirects', () => {
    it.each<[string, AuthorizationParams, AuthorizingClient | null, string, string]>([
      [
        'missing client_id',
        { ...jsParams, client_id: undefined },
        publicClient,
        'invalid_request',
        'client_id is required and must appear once',
      ],
      [
        'repeated client_id',
        { ...jsParams, client_id: ['app-1', 'app-2'] },
        publicClient,
        'invalid_request',
        'client_id is required and must appear once',
      ],
      ['unknown client', jsParams, null, 'invalid_client', 'Unknown client'],
      [
        'missing redirect_uri',
        { ...jsParams, redirect_uri: undefined },
        publicClient,
        'invalid_request',
        'redirect_uri is required and must appear once',
      ],
      [
        'repeated redirect_uri',
        { ...jsParams, redirect_uri: ['https://app.example.com/cb', 'https://evil.com/'] },
        publicClient,
        'invalid_request',
        'redirect_uri is required and must appear once',
      ],
      [
        'unmatched redirect_uri',
        { ...jsParams, redirect_uri: 'https://evil.example.com/cb' },
        publicClient,
        'invalid_request',
        'redirect_uri does not match any redirect URI registered for this app',
      ],
      [
        'loopback host swapped',
        { ...jsParams, redirect_uri: 'http://localhost:5000/callback' },
        publicClient,
        'invalid_request',
        'redirect_uri does not match any redirect URI registered for this app',
      ],
      [
        'another loopback port for an app with a secret',
        { ...jsParams, redirect_uri: 'http://127.0.0.1:53682/callback' },
        confidentialClient,
        'invalid_request',
        'redirect_uri does not match any redirect URI registered for this app',
      ],
      [
        'unmatched redirect_uri wins over a bad response_type',
        { ...jsParams, response_type: 'token', redirect_uri: 'https://evil.example.com/' },
        publicClient,
        'invalid_request',
        'redirect_uri does not match any redirect URI registered for this app',
      ],
    ])('%s', (_name, params, client, code, description) => {
      const outcome = validateAuthorizationRequest(params, client);
      expect(outcome.kind).toBe('error_page');
      if (outcome.kind !== 'error_page') return;
      expect(outcome.error.code).toBe(code);
      expect(outcome.error.description).toBe(description);
    });
  });

  describe('redirects the error to the app', () => {
    it.each<[string, AuthorizationParams, AuthorizingClient, string, string, string | null]>([
      [
        'response_type=token',
        { ...jsParams, response_type: 'token' },
        publicClient,
        'unsupported_response_type',
        'Only response_type=code is supported',
        jsState,
      ],
      [
        'response_type=code id_token',
        { ...jsParams, response_type: 'code id_token' },
        publicClient,
        'unsupported_response_type',
        'Only response_type=code is supported',
        jsState,
      ],
      [
        'missing response_type',
        { ...jsParams, response_type: undefined },
        publicClient,
        'invalid_request',
        'response_type is required',
        jsState,
      ],
      [
        'an unknown scope',
        { ...jsParams, scope: 'openid admin' },
        publicClient,
        'invalid_scope',
        "Unknown scope 'admin'",
        jsState,
      ],
      [
        'a scope the app lacks',
        { ...jsParams, scope: 'openid jobs' },
        publicClient,
        'invalid_scope',
        "Scope 'jobs' is not allowed for this app",
        jsState,
      ],
      [
        'no PKCE from a public app',
        { ...authlibParams },
        publicClient,
        'invalid_request',
        'code_challenge is required (PKCE with S256)',
        'Zx81kL',
      ],
      [
        'plain PKCE',
        { ...jsParams, code_challenge_method: 'plain' },
        publicClient,
        'invalid_request',
        'code_challenge_method must be S256; plain is not supported',
        jsState,
      ],
      [
        'repeated scope',
        { ...jsParams, scope: ['openid', 'email'] },
        publicClient,
        'invalid_request',
        'scope must not be repeated',
        jsState,
      ],
      [
        'repeated state (no state echoed)',
        { ...jsParams, state: ['a', 'b'] },
        publicClient,
        'invalid_request',
        'state must not be repeated',
        null,
      ],
      [
        'too many orgIds',
        { ...jsParams, orgIds: Array.from({ length: 51 }, (_, i) => `org${i}`).join(',') },
        publicClient,
        'invalid_request',
        'orgIds may name at most 50 organizations',
        jsState,
      ],
    ])('%s', (_name, params, client, code, description, state) => {
      const outcome = validateAuthorizationRequest(params, client);
      expect(outcome).toMatchObject({
        kind: 'redirect_error',
        redirectUri: params.redirect_uri,
        state,
      });
      if (outcome.kind !== 'redirect_error') return;
      expect(outcome.error.code).toBe(code);
      expect(outcome.error.description).toBe(description);
    });
  });
});

describe('parseOrgIds', () => {
  it.each<[string | string[] | undefined, string[]]>([
    [undefined, []],
    ['', []],
    ['org1', ['org1']],
    ['org1,org2', ['org1', 'org2']],
    [' org1 , ,org2,', ['org1', 'org2']],
    [
      ['org1', 'org2'],
      ['org1', 'org2'],
    ],
    [
      ['org2,org1', 'org1', 'org3'],
      ['org2', 'org1', 'org3'],
    ],
  ])('%p gives %p', (value, expected) => {
    expect(parseOrgIds(value)).toEqual(expected);
  });
});
