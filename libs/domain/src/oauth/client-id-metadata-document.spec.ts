import { InvalidClient } from '../common';
import {
  CLIENT_METADATA_FETCH_TIMEOUT_MS,
  CLIENT_METADATA_MAX_BYTES,
  allRedirectUrisLoopback,
  validateMetadataDocument,
} from './client-id-metadata-document';

const URL_ = 'https://app.example.com/.well-known/oauth-cimd';

function document(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client_id: URL_,
    client_name: 'Example App',
    redirect_uris: ['https://app.example.com/oauth/callback/gatehouse'],
    token_endpoint_auth_method: 'none',
    ...overrides,
  };
}

function refusal(json: unknown): string {
  try {
    validateMetadataDocument(URL_, json);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidClient);
    expect((error as InvalidClient).code).toBe('invalid_client');
    return (error as InvalidClient).description;
  }
  throw new Error('expected a refusal');
}

describe('validateMetadataDocument', () => {
  it('has the retrieval limits', () => {
    expect(CLIENT_METADATA_MAX_BYTES).toBe(5120);
    expect(CLIENT_METADATA_FETCH_TIMEOUT_MS).toBe(2500);
  });

  it('normalizes a minimal document', () => {
    expect(validateMetadataDocument(URL_, document())).toEqual({
      clientId: URL_,
      clientName: 'Example App',
      redirectUris: ['https://app.example.com/oauth/callback/gatehouse'],
      tokenEndpointAuthMethod: 'none',
      logoUri: null,
      clientUri: null,
      hostname: 'app.example.com',
    });
  });

  it('keeps logo and website, trims the name, dedupes redirect URIs and ignores unknown fields', () => {
    const result = validateMetadataDocument(
      URL_,
      document({
        client_name: '  Example App ',
        redirect_uris: [
          'http://127.0.0.1/callback',
          'http://localhost/callback',
          'com.example.app:/cb',
          'http://127.0.0.1/callback',
        ],
        logo_uri: 'https://app.example.com/logo.png',
        client_uri: 'https://app.example.com',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: 'openid profile',
        software_id: 'x',
        contacts: ['a@example.com'],
      }),
    );
    expect(result.clientName).toBe('Example App');
    expect(result.redirectUris).toEqual([
      'http://127.0.0.1/callback',
      'http://localhost/callback',
      'com.example.app:/cb',
    ]);
    expect(result.logoUri).toBe('https://app.example.com/logo.png');
    expect(result.clientUri).toBe('https://app.example.com');
    expect(Object.keys(result)).not.toContain('grant_types');
  });

  it.each<[string, unknown, string]>([
    ['a non-object', [], 'client metadata document must be a JSON object'],
    ['null', null, 'client metadata document must be a JSON object'],
    ['a string', 'x', 'client metadata document must be a JSON object'],
    [
      'a client_secret',
      document({ client_secret: 's3cret' }),
      'client metadata document must not contain client_secret',
    ],
    [
      'client_secret_expires_at',
      document({ client_secret_expires_at: 0 }),
      'client metadata document must not contain client_secret_expires_at',
    ],
    [
      'another client_id',
      document({ client_id: 'https://evil.example.com/.well-known/oauth-cimd' }),
      'client metadata document client_id must equal the URL it was fetched from',
    ],
    [
      'a normalized-equal client_id',
      document({ client_id: 'https://app.example.com:443/.well-known/oauth-cimd' }),
      'client metadata document client_id must equal the URL it was fetched from',
    ],
    [
      'a missing client_id',
      document({ client_id: undefined }),
      'client metadata document is invalid: client_id must be a string',
    ],
    [
      'a missing client_name',
      document({ client_name: undefined }),
      'client metadata document is invalid: client_name is required',
    ],
    [
      'an empty client_name',
      document({ client_name: '  ' }),
      'client metadata document is invalid: client_name must not be empty',
    ],
    [
      'a missing redirect_uris',
      document({ redirect_uris: undefined }),
      'client metadata document is invalid: redirect_uris is required',
    ],
    [
      'empty redirect_uris',
      document({ redirect_uris: [] }),
      'client metadata document is invalid: redirect_uris must not be empty',
    ],
    [
      'a non-string redirect URI',
      document({ redirect_uris: [42] }),
      'client metadata document is invalid: redirect_uris must hold strings',
    ],
    [
      'a missing auth method',
      document({ token_endpoint_auth_method: undefined }),
      'client metadata document is invalid: token_endpoint_auth_method is required and must be none',
    ],
    [
      'client_secret_basic',
      document({ token_endpoint_auth_method: 'client_secret_basic' }),
      'client metadata document must not use shared-secret authentication (client_secret_basic)',
    ],
    [
      'client_secret_post',
      document({ token_endpoint_auth_method: 'client_secret_post' }),
      'client metadata document must not use shared-secret authentication (client_secret_post)',
    ],
    [
      'client_secret_jwt',
      document({ token_endpoint_auth_method: 'client_secret_jwt' }),
      'client metadata document must not use shared-secret authentication (client_secret_jwt)',
    ],
    [
      'private_key_jwt',
      document({ token_endpoint_auth_method: 'private_key_jwt' }),
      'client metadata document token_endpoint_auth_method must be none',
    ],
    [
      'http redirect off loopback',
      document({ redirect_uris: ['http://app.example.com/cb'] }),
      'client metadata document redirect_uris entry "http://app.example.com/cb" must use https unless on a loopback host',
    ],
    [
      'a redirect URI with a fragment',
      document({ redirect_uris: ['https://app.example.com/cb#x'] }),
      'client metadata document redirect_uris entry "https://app.example.com/cb#x" is not a valid URI without fragment',
    ],
    [
      'a javascript redirect URI',
      document({ redirect_uris: ['javascript:alert(1)'] }),
      'client metadata document redirect_uris entry "javascript:alert(1)" must not use the javascript scheme',
    ],
    [
      'a data redirect URI',
      document({ redirect_uris: ['data:text/html,hi'] }),
      'client metadata document redirect_uris entry "data:text/html,hi" must not use the data scheme',
    ],
    [
      'an https redirect URI without host',
      document({ redirect_uris: ['https:/cb'] }),
      'client metadata document redirect_uris entry "https:/cb" must have a host',
    ],
    [
      'an http logo_uri',
      document({ logo_uri: 'http://app.example.com/logo.png' }),
      'client metadata document logo_uri must be an https URL',
    ],
    [
      'a data logo_uri',
      document({ logo_uri: 'data:image/png;base64,AAAA' }),
      'client metadata document logo_uri must be an https URL',
    ],
    [
      'a client_uri with userinfo',
      document({ client_uri: 'https://u@app.example.com' }),
      'client metadata document client_uri must be an https URL',
    ],
    [
      'a non-string client_uri',
      document({ client_uri: 7 }),
      'client metadata document is invalid: client_uri must be a string',
    ],
  ])('refuses %s', (_name, json, message) => {
    expect(refusal(json)).toBe(message);
  });
});

describe('allRedirectUrisLoopback', () => {
  it.each([
    [['http://127.0.0.1/cb', 'http://localhost/cb', 'http://[::1]/cb'], true],
    [['http://127.0.0.1/cb', 'https://app.example.com/cb'], false],
    [['myapp://cb'], false],
    [['https://localhost/cb'], false],
    [[], false],
  ])('%p gives %p', (uris, expected) => {
    expect(allRedirectUrisLoopback(uris)).toBe(expected);
  });
});
