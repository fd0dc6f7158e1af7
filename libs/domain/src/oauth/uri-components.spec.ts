import { parseUriComponents } from './uri-components';

describe('parseUriComponents', () => {
  it.each([
    [
      'https://u:p@example.com:8443/a/b?x=1&y',
      {
        scheme: 'https',
        authority: 'u:p@example.com:8443',
        userinfo: 'u:p',
        host: 'example.com',
        port: '8443',
        path: '/a/b',
        query: 'x=1&y',
      },
    ],
    [
      'http://[::1]:9/cb',
      {
        scheme: 'http',
        authority: '[::1]:9',
        userinfo: null,
        host: '[::1]',
        port: '9',
        path: '/cb',
        query: null,
      },
    ],
    [
      'http://localhost:pw@evil.com/',
      {
        scheme: 'http',
        authority: 'localhost:pw@evil.com',
        userinfo: 'localhost:pw',
        host: 'evil.com',
        port: null,
        path: '/',
        query: null,
      },
    ],
    [
      'myapp:callback',
      {
        scheme: 'myapp',
        authority: null,
        userinfo: null,
        host: null,
        port: null,
        path: 'callback',
        query: null,
      },
    ],
    [
      'https://example.com?',
      {
        scheme: 'https',
        authority: 'example.com',
        userinfo: null,
        host: 'example.com',
        port: null,
        path: '',
        query: '',
      },
    ],
  ])('splits %p without normalizing', (uri, expected) => {
    expect(parseUriComponents(uri)).toEqual(expected);
  });

  it.each([
    'https://example.com/#',
    'https://exa mple.com/',
    'https://example.com\\evil',
    'https://[::1/',
    'https://[::1]x/',
    'https://[zz]/',
    'http://example.com:/',
    'http://example.com:123456/',
    '1http://example.com/',
    'https://ex%ample.com/',
    'x'.repeat(2049),
  ])('refuses %p', (uri) => {
    expect(parseUriComponents(uri)).toBeNull();
  });
});
