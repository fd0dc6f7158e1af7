import { isLoopbackRedirectUri, matchRedirectUri } from './redirect-uri-matcher';

describe('matchRedirectUri', () => {
  const accepted: Array<[string, string, string[]]> = [
    // rule 1: exact match
    [
      'https exact',
      'https://app.example.com/oauth/callback',
      ['https://app.example.com/oauth/callback'],
    ],
    [
      'https exact with port',
      'https://app.example.com:8443/cb',
      ['https://app.example.com:8443/cb'],
    ],
    [
      'https exact with query',
      'https://space.hf.space/login/callback?_target_url=%2F',
      ['https://space.hf.space/login/callback?_target_url=%2F'],
    ],
    ['custom scheme exact', 'myapp://callback', ['myapp://callback']],
    [
      'custom scheme without authority',
      'com.example.app:/oauth2redirect',
      ['com.example.app:/oauth2redirect'],
    ],
    [
      'one of several registered',
      'https://b.example.com/cb',
      ['https://a.example.com/cb', 'https://b.example.com/cb'],
    ],
    // rule 2: http loopback, any port
    [
      'localhost, registered without port',
      'http://localhost:51234/callback',
      ['http://localhost/callback'],
    ],
    [
      'localhost, registered with another port',
      'http://localhost:51234/callback',
      ['http://localhost:3000/callback'],
    ],
    ['127.0.0.1 any port', 'http://127.0.0.1:8080/callback', ['http://127.0.0.1/callback']],
    ['[::1] any port', 'http://[::1]:9999/callback', ['http://[::1]/callback']],
    [
      'loopback without port when registered with one',
      'http://127.0.0.1/callback',
      ['http://127.0.0.1:3000/callback'],
    ],
    ['loopback with the same query', 'http://localhost:4000/cb?x=1', ['http://localhost/cb?x=1']],
    ['loopback empty path', 'http://127.0.0.1:8000', ['http://127.0.0.1']],
    [
      'loopback same userinfo (rule 4 compares it exactly)',
      'http://me@127.0.0.1:5000/cb',
      ['http://me@127.0.0.1/cb'],
    ],
    // rule 3: each loopback host on its own, both registered
    [
      'localhost when both hosts registered',
      'http://localhost:7/cb',
      ['http://127.0.0.1/cb', 'http://localhost/cb'],
    ],
    // rule 4: a registered query of exactly `*` accepts any query on the same scheme, authority and path
    [
      'attach_huggingface_oauth callback',
      'https://space.hf.space/oauth/huggingface/callback?_target_url=%2Fsettings%3Ftab%3D2',
      ['https://space.hf.space/oauth/huggingface/callback?*'],
    ],
    [
      'any query, none',
      'https://space.hf.space/oauth/huggingface/callback',
      ['https://space.hf.space/oauth/huggingface/callback?*'],
    ],
    [
      'any query with a port',
      'https://space.hf.space:8443/cb?a=1&b=2',
      ['https://space.hf.space:8443/cb?*'],
    ],
    [
      'any query naming a response parameter only in a value',
      'https://space.hf.space/cb?_target_url=%2F%3Fcode%3D1',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'any query on loopback, any port',
      'http://127.0.0.1:7860/oauth/huggingface/callback?_target_url=%2F',
      ['http://127.0.0.1/oauth/huggingface/callback?*'],
    ],
  ];

  it.each(accepted)('accepts %s', (_name, requested, registered) => {
    expect(matchRedirectUri(requested, registered)).toBe(requested);
  });

  const refused: Array<[string, string, string[]]> = [
    // rule 1: https and custom schemes are exact, port included
    ['a port on https', 'https://app.example.com:8443/cb', ['https://app.example.com/cb']],
    ['a missing port on https', 'https://app.example.com/cb', ['https://app.example.com:8443/cb']],
    [
      'explicit default port on https',
      'https://app.example.com:443/cb',
      ['https://app.example.com/cb'],
    ],
    ['https on loopback with another port', 'https://localhost:8443/cb', ['https://localhost/cb']],
    [
      'http on a non-loopback host with another port',
      'http://app.example.com:8080/cb',
      ['http://app.example.com/cb'],
    ],
    ['custom scheme with another path', 'myapp://callback/extra', ['myapp://callback']],
    ['custom scheme with a port', 'myapp://callback:80', ['myapp://callback']],
    // rule 3: loopback hosts are not interchangeable
    ['localhost vs 127.0.0.1', 'http://localhost:5000/callback', ['http://127.0.0.1/callback']],
    ['127.0.0.1 vs localhost', 'http://127.0.0.1:5000/callback', ['http://localhost/callback']],
    ['[::1] vs 127.0.0.1', 'http://[::1]:5000/callback', ['http://127.0.0.1/callback']],
    ['another loopback address', 'http://127.0.0.2:5000/callback', ['http://127.0.0.1/callback']],
    ['long form of ::1', 'http://[0:0:0:0:0:0:0:1]:5000/callback', ['http://[::1]/callback']],
    // rule 4: only the port may differ
    ['extra path on https', 'https://app.example.com/cb/evil', ['https://app.example.com/cb']],
    [
      'extra path on loopback',
      'http://localhost:5000/callback/extra',
      ['http://localhost/callback'],
    ],
    [
      'extra query on https',
      'https://app.example.com/cb?next=evil',
      ['https://app.example.com/cb'],
    ],
    ['extra query on loopback', 'http://localhost:5000/cb?x=1', ['http://localhost/cb']],
    ['missing query on loopback', 'http://localhost:5000/cb', ['http://localhost/cb?x=1']],
    ['trailing slash added', 'https://app.example.com/cb/', ['https://app.example.com/cb']],
    ['trailing slash removed', 'https://app.example.com/cb', ['https://app.example.com/cb/']],
    ['loopback empty path vs /', 'http://127.0.0.1:8000', ['http://127.0.0.1/']],
    ['userinfo added on https', 'https://user@app.example.com/cb', ['https://app.example.com/cb']],
    ['userinfo added on loopback', 'http://user@localhost:5000/cb', ['http://localhost/cb']],
    [
      'userinfo trick hiding another host',
      'http://localhost:pw@evil.com/cb',
      ['http://localhost/cb'],
    ],
    [
      'userinfo trick with a loopback ip',
      'http://127.0.0.1:80@evil.com/cb',
      ['http://127.0.0.1/cb'],
    ],
    ['percent-encoded path', 'https://app.example.com/%63b', ['https://app.example.com/cb']],
    ['dot segments', 'https://app.example.com/x/../cb', ['https://app.example.com/cb']],
    // case is not folded
    ['upper-case scheme', 'HTTPS://app.example.com/cb', ['https://app.example.com/cb']],
    ['upper-case host', 'https://APP.example.com/cb', ['https://app.example.com/cb']],
    ['upper-case loopback scheme', 'HTTP://localhost:5000/cb', ['http://localhost/cb']],
    ['upper-case loopback host', 'http://LOCALHOST:5000/cb', ['http://localhost/cb']],
    ['upper-case path', 'https://app.example.com/CB', ['https://app.example.com/cb']],
    // malformed or fragment, even when registered as such
    ['a fragment', 'https://app.example.com/cb#x', ['https://app.example.com/cb#x']],
    ['an empty fragment', 'https://app.example.com/cb#', ['https://app.example.com/cb']],
    ['fragment hiding a loopback host', 'http://evil.com#@localhost/cb', ['http://localhost/cb']],
    ['a backslash', 'http://localhost:5000\\@evil.com/cb', ['http://localhost/cb']],
    ['a space', 'https://app.example.com/c b', ['https://app.example.com/c b']],
    ['a control character', 'https://app.example.com/cb\n', ['https://app.example.com/cb\n']],
    ['a relative reference', '/callback', ['/callback']],
    ['no scheme', '//app.example.com/cb', ['//app.example.com/cb']],
    ['a bad port', 'http://localhost:99999/cb', ['http://localhost/cb']],
    ['a non-numeric port', 'http://localhost:http/cb', ['http://localhost/cb']],
    ['bad percent-encoding', 'https://app.example.com/%zz', ['https://app.example.com/%zz']],
    ['two @ in the authority', 'http://a@b@localhost:5/cb', ['http://a@b@localhost/cb']],
    ['non-ASCII', 'https://app.example.com/caf\u00e9', ['https://app.example.com/caf\u00e9']],
    ['empty string', '', ['']],
    // nothing registered
    ['nothing registered', 'http://localhost:5000/cb', []],
    ['malformed registered loopback', 'http://localhost:5000/cb', ['http://localhost/cb#frag']],
    // rule 4: the query wildcard is opt-in and covers nothing but the query
    [
      'another query without the opt-in',
      'https://space.hf.space/cb?_target_url=%2Fa',
      ['https://space.hf.space/cb?_target_url=%2F'],
    ],
    [
      'any query, another path',
      'https://space.hf.space/cb/other?x=1',
      ['https://space.hf.space/cb?*'],
    ],
    ['any query, a longer path', 'https://space.hf.space/cbx?x=1', ['https://space.hf.space/cb?*']],
    ['any query, another host', 'https://evil.hf.space/cb?x=1', ['https://space.hf.space/cb?*']],
    [
      'any query, another port',
      'https://space.hf.space:444/cb?x=1',
      ['https://space.hf.space/cb?*'],
    ],
    ['any query, another scheme', 'http://space.hf.space/cb?x=1', ['https://space.hf.space/cb?*']],
    [
      'any query, userinfo added',
      'https://evil@space.hf.space/cb?x=1',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'a star in the query is not a wildcard otherwise',
      'https://space.hf.space/cb?a=2',
      ['https://space.hf.space/cb?a=*'],
    ],
    [
      'any query still refuses a fragment',
      'https://space.hf.space/cb?x=1#f',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'any query carrying a planted code',
      'https://space.hf.space/cb?code=planted',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'any query carrying a planted state',
      'https://space.hf.space/cb?_target_url=%2F&state=s',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'any query carrying an issuer',
      'https://space.hf.space/cb?iss=https%3A%2F%2Fevil.example',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'any query carrying an error',
      'https://space.hf.space/cb?error=access_denied',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'any query carrying an error description',
      'https://space.hf.space/cb?error_description=x',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'any query carrying a percent-encoded code',
      'https://space.hf.space/cb?c%6Fde=planted',
      ['https://space.hf.space/cb?*'],
    ],
    [
      'any query on loopback carrying a code',
      'http://127.0.0.1:7860/cb?code=x',
      ['http://127.0.0.1/cb?*'],
    ],
  ];

  it.each(refused)('refuses %s', (_name, requested, registered) => {
    expect(matchRedirectUri(requested, registered)).toBeNull();
  });

  it('keeps loopback URIs of apps with a secret exact, port included', () => {
    const native = { anyLoopbackPort: false };
    expect(
      matchRedirectUri(
        'http://127.0.0.1:53682/callback',
        ['http://127.0.0.1:8080/callback'],
        native,
      ),
    ).toBeNull();
    expect(
      matchRedirectUri('http://127.0.0.1:53682/callback', ['http://127.0.0.1/callback'], native),
    ).toBeNull();
    expect(
      matchRedirectUri(
        'http://127.0.0.1:8080/callback',
        ['http://127.0.0.1:8080/callback'],
        native,
      ),
    ).toBe('http://127.0.0.1:8080/callback');
    expect(
      matchRedirectUri('http://127.0.0.1:8080/cb?x=1', ['http://127.0.0.1:8080/cb?*'], native),
    ).toBe('http://127.0.0.1:8080/cb?x=1');
    expect(
      matchRedirectUri('http://127.0.0.1:9/cb?x=1', ['http://127.0.0.1:8080/cb?*'], native),
    ).toBeNull();
  });

  it.each([
    ['http://localhost/cb', true],
    ['http://127.0.0.1:1/cb', true],
    ['http://[::1]/', true],
    ['https://localhost/cb', false],
    ['http://localhost.evil.com/cb', false],
    ['http://localhost:pw@evil.com/', false],
    ['myapp://localhost', false],
    ['not a uri', false],
  ])('isLoopbackRedirectUri(%p) is %p', (uri, expected) => {
    expect(isLoopbackRedirectUri(uri)).toBe(expected);
  });
});
