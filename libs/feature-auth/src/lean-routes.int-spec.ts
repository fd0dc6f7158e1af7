import { listenThroughExpress, RawCall, sendRaw } from '@gatehouse/platform/testing';
import {
  basicAuth,
  startTokenTestApp,
  TEST_INTERNAL_TOKEN,
  TokenTestApp,
} from './testing/token-test-app';

/**
 * The lean routes of auth (`@LeanRoute()`) answer exactly as Express's router and the Nest route:
 * each request is sent to the service and to a second server over the same Express instance, on
 * PostgreSQL and Redis, and the two answers compared byte for byte but the `Date`.
 */
describe('auth lean routes answer as the Nest routes', () => {
  let app: TokenTestApp;
  let express: Awaited<ReturnType<typeof listenThroughExpress>>;
  let oauthToken: string;
  let revokedToken: string;
  let personalToken: string;

  beforeAll(async () => {
    app = await startTokenTestApp();
    express = await listenThroughExpress(app.service.app);
    const user = await app.seedUser('ada');
    await app.seedApp('notebook', { secret: 'notebook-secret' });
    const issue = async () =>
      (
        await app.issue({
          kind: 'oauth',
          userId: user.id,
          clientId: 'notebook',
          scopes: ['openid', 'profile', 'email'],
          orgIds: [],
          ttlSeconds: 3600,
          withRefreshToken: false,
          idToken: false,
        })
      ).access_token;
    oauthToken = await issue();
    revokedToken = await issue();
    const revoked = await fetch(`${app.url}/oauth/revoke`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: basicAuth('notebook', 'notebook-secret'),
      },
      body: new URLSearchParams({ token: revokedToken }).toString(),
    });
    expect(revoked.status).toBe(200);
    personalToken = await app.seedPersonalToken(user.id, 'read');
  });

  afterAll(async () => {
    await express?.close();
    await app?.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const json = { 'Content-Type': 'application/json' };
  const internal = bearer(TEST_INTERNAL_TOKEN);

  const cases: Array<[string, () => RawCall, number]> = [
    [
      'GET userinfo',
      () => ({ method: 'GET', path: '/oauth/userinfo', headers: bearer(oauthToken) }),
      200,
    ],
    [
      'POST userinfo, token in the form',
      () => ({
        method: 'POST',
        path: '/oauth/userinfo',
        headers: form,
        body: `access_token=${oauthToken}`,
      }),
      200,
    ],
    ['userinfo without a token', () => ({ method: 'GET', path: '/oauth/userinfo' }), 401],
    [
      'userinfo with a bad token',
      () => ({ method: 'GET', path: '/oauth/userinfo', headers: bearer('hf_oauth_not-a-token') }),
      401,
    ],
    [
      'userinfo with a revoked token',
      () => ({ method: 'GET', path: '/oauth/userinfo', headers: bearer(revokedToken) }),
      401,
    ],
    [
      'userinfo with a personal token',
      () => ({ method: 'GET', path: '/oauth/userinfo', headers: bearer(personalToken) }),
      401,
    ],
    [
      'userinfo with a malformed JSON body',
      () => ({ method: 'POST', path: '/oauth/userinfo', headers: json, body: '{"access_token":' }),
      400,
    ],
    [
      'userinfo with a wrong method',
      () => ({ method: 'DELETE', path: '/oauth/userinfo', headers: bearer(oauthToken) }),
      405,
    ],
    ['a CORS preflight of userinfo', () => ({ method: 'OPTIONS', path: '/oauth/userinfo' }), 204],
    [
      'whoami-v2 with a personal token',
      () => ({ method: 'GET', path: '/api/whoami-v2', headers: bearer(personalToken) }),
      200,
    ],
    [
      'whoami-v2 with an OAuth token',
      () => ({ method: 'GET', path: '/api/whoami-v2', headers: bearer(oauthToken) }),
      200,
    ],
    ['whoami-v2 without a token', () => ({ method: 'GET', path: '/api/whoami-v2' }), 401],
    [
      'whoami-v2 with a bad token',
      () => ({ method: 'GET', path: '/api/whoami-v2', headers: bearer('hf_not-a-token') }),
      401,
    ],
    [
      'whoami-v2 with a revoked token',
      () => ({ method: 'GET', path: '/api/whoami-v2', headers: bearer(revokedToken) }),
      401,
    ],
    [
      'whoami-v2 with a wrong method',
      () => ({ method: 'POST', path: '/api/whoami-v2', headers: bearer(personalToken) }),
      405,
    ],
    [
      'introspect',
      () => ({
        method: 'POST',
        path: '/oauth/introspect',
        headers: { ...internal, ...form },
        body: `token=${oauthToken}`,
      }),
      200,
    ],
    [
      'introspect of a revoked token',
      () => ({
        method: 'POST',
        path: '/oauth/introspect',
        headers: { ...internal, ...form },
        body: `token=${revokedToken}`,
      }),
      200,
    ],
    [
      'introspect without the internal token',
      () => ({
        method: 'POST',
        path: '/oauth/introspect',
        headers: form,
        body: `token=${oauthToken}`,
      }),
      401,
    ],
    [
      'introspect with a malformed JSON body',
      () => ({
        method: 'POST',
        path: '/oauth/introspect',
        headers: { ...internal, ...json },
        body: '{',
      }),
      400,
    ],
  ];

  it.each(cases)('%s', async (_name, call, status) => {
    const sent = call();
    const request = { ...sent, headers: { 'X-Request-Id': 'lean-auth-1', ...sent.headers } };
    const lean = await sendRaw(app.url, request);
    const nest = await sendRaw(express.url, request);
    expect(lean.status).toBe(status);
    expect(lean).toEqual(nest);
  });

  describe('the token endpoint', () => {
    const client = { ...form, Authorization: basicAuth('notebook', 'notebook-secret') };
    const tokenCall = (body: string, headers: Record<string, string> = client): RawCall => ({
      method: 'POST',
      path: '/oauth/token',
      headers: { 'X-Request-Id': 'lean-token-1', ...headers },
      body,
    });

    it('rotates a refresh token the same way', async () => {
      const refreshToken = async () =>
        (
          await app.issue({
            kind: 'oauth',
            userId: (await app.seedUser(`rotating-${Math.random().toString(36).slice(2)}`)).id,
            clientId: 'notebook',
            scopes: ['openid', 'profile'],
            orgIds: [],
            ttlSeconds: 3600,
            withRefreshToken: true,
            idToken: false,
          })
        ).refresh_token!;
      const call = async (url: string) =>
        sendRaw(url, tokenCall(`grant_type=refresh_token&refresh_token=${await refreshToken()}`));
      const [lean, nest] = [await call(app.url), await call(express.url)];
      expect(lean.status).toBe(200);
      expect(lean.status).toBe(nest.status);
      const withoutLength = (headers: string[]) =>
        headers.filter((header) => !header.startsWith('Content-Length'));
      expect(withoutLength(lean.headers)).toEqual(withoutLength(nest.headers));
      const shape = (body: string) => {
        const parsed = JSON.parse(body) as Record<string, unknown>;
        return Object.fromEntries(
          Object.entries(parsed).map(([name, value]) => [
            name,
            name.endsWith('_token') ? typeof value : value,
          ]),
        );
      };
      expect(shape(lean.body)).toEqual(shape(nest.body));
    });

    const errors: Array<[string, () => RawCall, number]> = [
      ['no grant_type', () => tokenCall('refresh_token=x'), 400],
      ['an unsupported grant', () => tokenCall('grant_type=password'), 400],
      [
        'an unknown refresh token',
        () => tokenCall('grant_type=refresh_token&refresh_token=hf_oauth_refresh_not-one'),
        400,
      ],
      [
        'a wrong client secret',
        () =>
          tokenCall('grant_type=refresh_token&refresh_token=x', {
            ...form,
            Authorization: basicAuth('notebook', 'not-the-secret'),
          }),
        401,
      ],
      [
        'an unknown authorization code',
        () =>
          tokenCall(
            'grant_type=authorization_code&code=not-a-code&redirect_uri=https%3A%2F%2Fapp.test%2Fcb',
          ),
        400,
      ],
      ['a malformed JSON body', () => tokenCall('{"grant_type":', { ...json }), 400],
      [
        'a wrong method',
        () => ({
          method: 'GET',
          path: '/oauth/token',
          headers: { 'X-Request-Id': 'lean-token-1' },
        }),
        405,
      ],
    ];

    it.each(errors)('answers %s the same way', async (_name, call, status) => {
      const lean = await sendRaw(app.url, call());
      const nest = await sendRaw(express.url, call());
      expect(lean.status).toBe(status);
      expect(lean).toEqual(nest);
    });
  });
});
