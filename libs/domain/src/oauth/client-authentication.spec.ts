import { InvalidClient, InvalidRequest, OAuthError } from '../common';
import {
  TOKEN_ENDPOINT_AUTH_METHODS,
  authenticateClient,
  parseBasicAuthorization,
  presentedClient,
} from './client-authentication';

const basic = (raw: string) => `Basic ${Buffer.from(raw, 'utf8').toString('base64')}`;

function errorOf(run: () => unknown): OAuthError {
  try {
    run();
  } catch (error) {
    return error as OAuthError;
  }
  throw new Error('expected an error');
}

describe('parseBasicAuthorization (RFC 6749 §2.3.1)', () => {
  it.each([
    [basic('app-id:s3cret'), { clientId: 'app-id', clientSecret: 's3cret' }],
    [basic('a%3Ab:c%3Ad'), { clientId: 'a:b', clientSecret: 'c:d' }],
    [basic('my+app:pa%2Bss+word'), { clientId: 'my app', clientSecret: 'pa+ss word' }],
    [basic('app:sec:ret'), { clientId: 'app', clientSecret: 'sec:ret' }],
    [basic('app:'), { clientId: 'app', clientSecret: '' }],
    [basic('caf%C3%A9:x'), { clientId: 'café', clientSecret: 'x' }],
    [`basic ${Buffer.from('a:b').toString('base64')}`, { clientId: 'a', clientSecret: 'b' }],
    [`BASIC  ${Buffer.from('a:b').toString('base64')}`, { clientId: 'a', clientSecret: 'b' }],
  ])('reads %p', (header, expected) => {
    expect(parseBasicAuthorization(header)).toEqual(expected);
  });

  it.each([undefined, null, '', 'Bearer hf_abc', 'Digest x=y'])('ignores %p', (header) => {
    expect(parseBasicAuthorization(header)).toBeNull();
  });

  it.each([
    ['Basic', 'Authorization header is not valid Basic credentials'],
    ['Basic !!!', 'Authorization header is not valid Basic credentials'],
    ['Basic YWJj', 'Basic credentials must be client_id:client_secret'],
    ['Basic YQ', 'Authorization header is not valid Basic credentials'],
    ['Basic YTpi extra', 'Authorization header is not valid Basic credentials'],
    [basic(':secret'), 'Basic credentials have an empty client_id'],
    [basic('app%zz:secret'), 'Basic credentials are not correctly form-urlencoded'],
  ])('refuses %p with invalid_client', (header, message) => {
    const error = errorOf(() => parseBasicAuthorization(header));
    expect(error).toBeInstanceOf(InvalidClient);
    expect(error.description).toBe(message);
  });
});

describe('presentedClient', () => {
  const creds = { clientId: 'app', clientSecret: 's' };

  it.each([
    [{ basic: creds }, { clientId: 'app', secret: 's', method: 'client_secret_basic' }],
    [
      { basic: creds, bodyClientId: 'app' },
      { clientId: 'app', secret: 's', method: 'client_secret_basic' },
    ],
    [
      { basic: null, bodyClientId: 'app', bodyClientSecret: 's' },
      { clientId: 'app', secret: 's', method: 'client_secret_post' },
    ],
    [
      { basic: null, bodyClientId: 'app' },
      { clientId: 'app', secret: null, method: 'none' },
    ],
    [
      { basic: null, bodyClientId: 'app', bodyClientSecret: '' },
      { clientId: 'app', secret: null, method: 'none' },
    ],
    [{ basic: null }, { clientId: null, secret: null, method: 'none' }],
  ])('reads %p', (input, expected) => {
    expect(presentedClient(input)).toEqual(expected);
  });

  it.each([
    [
      'Basic and a body secret',
      { basic: creds, bodyClientSecret: 's' },
      InvalidRequest,
      'Use either the Authorization header or client_secret in the body, not both',
    ],
    [
      'a body client_id other than the Basic one',
      { basic: creds, bodyClientId: 'other' },
      InvalidClient,
      'client_id does not match the Authorization header',
    ],
    [
      'a body secret without client_id',
      { basic: null, bodyClientSecret: 's' },
      InvalidRequest,
      'client_secret was sent without client_id',
    ],
  ])('refuses %s', (_name, input, type, message) => {
    const error = errorOf(() => presentedClient(input));
    expect(error).toBeInstanceOf(type);
    expect(error.description).toBe(message);
  });

  it('supports the three methods of docs/oauth.md "Client authentication"', () => {
    expect(TOKEN_ENDPOINT_AUTH_METHODS).toEqual([
      'client_secret_basic',
      'client_secret_post',
      'none',
    ]);
  });
});

describe('authenticateClient', () => {
  const confidential = { clientId: 'app', hasSecret: true };
  const publicApp = { clientId: 'app', hasSecret: false };
  const basicPresented = { clientId: 'app', secret: 's', method: 'client_secret_basic' as const };
  const postPresented = { clientId: 'app', secret: 's', method: 'client_secret_post' as const };
  const idOnly = { clientId: 'app', secret: null, method: 'none' as const };
  const nothing = { clientId: null, secret: null, method: 'none' as const };

  it.each([
    ['client_secret_basic', basicPresented, confidential, true, false, 'client_secret_basic'],
    ['client_secret_post', postPresented, confidential, true, false, 'client_secret_post'],
    ['public app with client_id', idOnly, publicApp, false, false, 'none'],
    ['public app found from the code (huggingface.js)', nothing, publicApp, false, false, 'none'],
    [
      'app with a secret exchanging a PKCE-bound code without it',
      nothing,
      confidential,
      false,
      true,
      'none',
    ],
  ])('accepts %s', (_name, presented, app, secretMatches, pkceBoundCode, method) => {
    expect(authenticateClient({ presented, app, secretMatches, pkceBoundCode })).toEqual({
      clientId: 'app',
      method,
    });
  });

  it.each([
    [
      'another client_id',
      { ...idOnly, clientId: 'other' },
      publicApp,
      false,
      false,
      'client_id does not match the client of this request',
    ],
    [
      'a wrong secret (Basic)',
      basicPresented,
      confidential,
      false,
      false,
      'Invalid client credentials',
    ],
    [
      'a wrong secret (post)',
      postPresented,
      confidential,
      false,
      false,
      'Invalid client credentials',
    ],
    [
      'a confidential app without credentials',
      idOnly,
      confidential,
      false,
      false,
      'Client authentication is required for this app',
    ],
    [
      'a confidential app found from the code, no PKCE',
      nothing,
      confidential,
      false,
      false,
      'Client authentication is required for this app',
    ],
    [
      'a secret for a public app',
      basicPresented,
      publicApp,
      true,
      false,
      'This app has no client secret; authenticate with client_id only',
    ],
  ])(
    'refuses %s with invalid_client',
    (_name, presented, app, secretMatches, pkceBoundCode, message) => {
      const error = errorOf(() =>
        authenticateClient({ presented, app, secretMatches, pkceBoundCode }),
      );
      expect(error).toBeInstanceOf(InvalidClient);
      expect(error.code).toBe('invalid_client');
      expect(error.description).toBe(message);
    },
  );
});
