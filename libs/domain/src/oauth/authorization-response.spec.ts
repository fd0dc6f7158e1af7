import { AccessDenied, InvalidScope } from '../common';
import { authorizationErrorParams, buildAuthorizationResponseUrl } from './authorization-response';

const ISS = 'https://hub.example.com';

describe('buildAuthorizationResponseUrl', () => {
  it.each([
    [
      'a plain redirect URI',
      'https://app.example.com/cb',
      'https://app.example.com/cb?code=abc&state=xyz&iss=https%3A%2F%2Fhub.example.com',
    ],
    [
      'a redirect URI with its own query',
      'https://space.hf.space/login/callback?_target_url=%2F',
      'https://space.hf.space/login/callback?_target_url=%2F&code=abc&state=xyz&iss=https%3A%2F%2Fhub.example.com',
    ],
    [
      'a redirect URI ending in ?',
      'https://app.example.com/cb?',
      'https://app.example.com/cb?code=abc&state=xyz&iss=https%3A%2F%2Fhub.example.com',
    ],
    [
      'a redirect URI ending in &',
      'https://app.example.com/cb?a=1&',
      'https://app.example.com/cb?a=1&code=abc&state=xyz&iss=https%3A%2F%2Fhub.example.com',
    ],
    [
      'a loopback URI with a port',
      'http://127.0.0.1:53682/',
      'http://127.0.0.1:53682/?code=abc&state=xyz&iss=https%3A%2F%2Fhub.example.com',
    ],
    [
      'a custom scheme',
      'myapp://callback',
      'myapp://callback?code=abc&state=xyz&iss=https%3A%2F%2Fhub.example.com',
    ],
  ])('appends code, state and iss to %s', (_name, redirectUri, expected) => {
    expect(
      buildAuthorizationResponseUrl(redirectUri, { code: 'abc', state: 'xyz', iss: ISS }),
    ).toBe(expected);
  });

  it.each([
    JSON.stringify({
      nonce: '1b7c',
      redirectUri: 'https://app.example.com/cb?x=1&y=2',
      state: 'a b+c%',
    }),
    'plain',
    '',
    ' spaces and + plus & amp = eq # hash ? q / slash',
    'émoji 🚀 ünïcode',
  ])('returns state %p byte for byte', (state) => {
    const url = new URL(
      buildAuthorizationResponseUrl('https://app.example.com/cb?keep=1', {
        code: 'c',
        state,
        iss: ISS,
      }),
    );
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('keep')).toBe('1');
    expect(url.searchParams.get('code')).toBe('c');
    expect(url.searchParams.get('iss')).toBe(ISS);
  });

  it('leaves state out when the request had none', () => {
    expect(
      buildAuthorizationResponseUrl('https://app.example.com/cb', {
        code: 'abc',
        state: null,
        iss: ISS,
      }),
    ).toBe('https://app.example.com/cb?code=abc&iss=https%3A%2F%2Fhub.example.com');
  });

  it('replaces a lone surrogate instead of throwing', () => {
    const url = new URL(
      buildAuthorizationResponseUrl('https://app.example.com/cb', {
        code: 'c',
        state: 'a\uD800b',
        iss: ISS,
      }),
    );
    expect(url.searchParams.get('state')).toBe('a\uFFFDb');
  });
});

describe('authorizationErrorParams', () => {
  it('carries the code and public description, never the internal detail', () => {
    const params = authorizationErrorParams(
      new AccessDenied('The user denied the request', 'user 42 clicked Deny'),
      's1',
      ISS,
    );
    expect(params).toEqual({
      error: 'access_denied',
      error_description: 'The user denied the request',
      state: 's1',
      iss: ISS,
    });
    expect(buildAuthorizationResponseUrl('https://app.example.com/cb', params)).toBe(
      'https://app.example.com/cb?error=access_denied&error_description=The%20user%20denied%20the%20request&state=s1&iss=https%3A%2F%2Fhub.example.com',
    );
  });

  it('keeps error_description within the RFC 6749 character set', () => {
    const params = authorizationErrorParams(new InvalidScope('Scope "x\\y" é'), undefined, ISS);
    expect(params.error_description).toBe("Scope 'x'y' '");
  });
});
