import { hashPassword } from '@gatehouse/crypto';
import { UserEntity } from '@gatehouse/persistence';
import { randomInt } from 'node:crypto';
import { Agent, request } from 'undici';
import { AuthModule } from '../auth.module';
import {
  basicAuth,
  postForm,
  startTokenTestApp,
  TEST_PUBLIC_URL,
  TokenTestApp,
} from '../testing/token-test-app';
import { CookieBrowser, hiddenField } from '../testing/cookie-browser';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const PASSWORD = 'correct horse battery staple';

interface DeviceStart {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

// The device flow over HTTP on the real PostgreSQL and Redis: endpoint, pages, consent, polling.
describe('device authorization grant (RFC 8628) over HTTP', () => {
  let app: TokenTestApp;
  let ada: UserEntity;

  beforeAll(async () => {
    app = await startTokenTestApp([
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
      }),
    ]);
    const passwordHash = await hashPassword(PASSWORD);
    ada = await app.seedUser(`ada${randomInt(1e9)}`, { passwordHash });
    const org = await app.seedOrg(`acme${randomInt(1e9)}`);
    await app.seedMembership(org.id, ada.id, 'write');
    await app.seedApp('device-cli', {
      name: 'Device CLI',
      scopes: ['openid', 'profile', 'read-repos'],
      accessTokenTtlSeconds: 1800,
    });
    await app.seedApp('device-web', {
      name: 'Device Web',
      scopes: ['profile'],
      secret: 'web-s3cret',
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  // Every browser gets its own address, so the per-address limit of one test does not touch another.
  let addresses = 0;
  const browser = () => new CookieBrowser(app.url, `192.0.2.${(addresses += 1)}`);
  const start = async (
    params: Record<string, string> = { client_id: 'device-cli' },
    headers?: Record<string, string>,
  ) => {
    const res = await postForm(`${app.url}/oauth/device`, params, headers);
    expect(res.status).toBe(200);
    return (await res.json()) as DeviceStart;
  };
  const poll = (deviceCode: string, clientId = 'device-cli') =>
    postForm(`${app.url}/oauth/token`, {
      grant_type: DEVICE_GRANT,
      device_code: deviceCode,
      client_id: clientId,
    });

  async function expectOAuthError(res: Response, status: number, error: string): Promise<void> {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { error: string }).error).toBe(error);
  }

  /** Signs in, types the code, and answers the device consent page. Returns the final page. */
  async function answer(
    userCode: string,
    decision: 'authorize' | 'deny',
    as = browser(),
  ): Promise<Response> {
    await as.signIn(ada.username, PASSWORD);
    const codePage = await as.get(`/oauth/device?user_code=${encodeURIComponent(userCode)}`);
    expect(codePage.status).toBe(200);
    const typed = await as.post('/oauth/device/verify', {
      csrf_token: hiddenField(await codePage.text(), 'csrf_token'),
      user_code: userCode.toLowerCase(),
    });
    expect(typed.status).toBe(303);
    const consent = await as.get(typed.headers.get('location')!);
    expect(consent.status).toBe(200);
    const html = await consent.text();
    return as.post('/oauth/consent', {
      csrf_token: hiddenField(html, 'csrf_token'),
      consent_id: hiddenField(html, 'consent_id'),
      decision,
    });
  }

  it('POST /oauth/device answers the device authorization response, not cached', async () => {
    const res = await postForm(`${app.url}/oauth/device`, { client_id: 'device-cli' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as DeviceStart;
    expect(body).toEqual({
      device_code: expect.stringMatching(/^[0-9A-Za-z]{43}$/),
      user_code: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verification_uri: 'https://hub.test/oauth/device',
      verification_uri_complete: `https://hub.test/oauth/device?user_code=${body.user_code}`,
      expires_in: 900,
      interval: 5,
    });
  });

  it('POST /oauth/device answers OAuth errors as JSON: invalid_client, invalid_scope', async () => {
    await expectOAuthError(
      await postForm(`${app.url}/oauth/device`, { client_id: 'device-web' }),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await postForm(`${app.url}/oauth/device`, { client_id: 'nobody' }),
      401,
      'invalid_client',
    );
    await expectOAuthError(
      await postForm(`${app.url}/oauth/device`, { client_id: 'device-cli', scope: 'jobs' }),
      400,
      'invalid_scope',
    );
    expect(
      (await start({}, { Authorization: basicAuth('device-web', 'web-s3cret') })).expires_in,
    ).toBe(900);
  });

  it('POST /oauth/device answers 429 with Retry-After past 30 starts a minute from one address; others go on', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.200' };
    const answers = await Promise.all(
      Array.from({ length: 31 }, () =>
        postForm(`${app.url}/oauth/device`, { client_id: 'device-cli' }, from),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(30);
    const limited = answers.find((res) => res.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect(await limited.json()).toEqual({
      error: 'temporarily_unavailable',
      error_description: 'Too many device authorizations from your address; try again later',
    });
    expect(
      (
        await postForm(
          `${app.url}/oauth/device`,
          { client_id: 'device-cli' },
          { 'X-Forwarded-For': '203.0.113.201' },
        )
      ).status,
    ).toBe(200);
  });

  it('answers 429 to an address guessing a client secret, after 10 wrong ones', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.210' };
    for (let guess = 0; guess < 10; guess += 1) {
      await expectOAuthError(
        await postForm(
          `${app.url}/oauth/device`,
          {},
          { ...from, Authorization: basicAuth('device-web', `guess-${guess}`) },
        ),
        401,
        'invalid_client',
      );
    }
    const limited = await postForm(
      `${app.url}/oauth/device`,
      {},
      { ...from, Authorization: basicAuth('device-web', 'web-s3cret') },
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(((await limited.json()) as { error: string }).error).toBe('temporarily_unavailable');
  });

  // The app trusts 127.0.0.1 as its gateway (TEST_TRUSTED_PROXIES); 127.0.0.3 is a client calling it directly.
  it('cannot be aimed at another address with X-Forwarded-For: the guesser is limited, the real app is not', async () => {
    const victim = { 'X-Forwarded-For': '198.51.100.230' };
    const direct = new Agent({ localAddress: '127.0.0.3' });
    const guess = async (secret: string, headers: Record<string, string>, dispatcher?: Agent) => {
      const res = await request(`${app.url}/oauth/device`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basicAuth('device-web', secret),
          ...headers,
        },
        body: '',
        dispatcher,
      });
      await res.body.dump();
      return res.statusCode;
    };
    try {
      // A client not behind the gateway, naming the victim's address: counted on its own.
      for (let attempt = 0; attempt < 10; attempt += 1)
        expect(await guess(`guess-${attempt}`, victim, direct)).toBe(401);
      expect(await guess('web-s3cret', victim, direct)).toBe(429);
      // A client behind the gateway, naming the victim first: the gateway's entry is the client.
      const forged = { 'X-Forwarded-For': '198.51.100.230, 198.51.100.231' };
      for (let attempt = 0; attempt < 10; attempt += 1)
        expect(await guess(`guess-${attempt}`, forged)).toBe(401);
      expect(await guess('web-s3cret', { 'X-Forwarded-For': '198.51.100.231' })).toBe(429);
      expect(await guess('web-s3cret', victim)).toBe(200);
    } finally {
      await direct.close();
    }
  });

  it('counts an IPv6 client by its /64: picking fresh addresses in it buys no fresh budget', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const from = { 'X-Forwarded-For': `2001:db8:77:1::${(attempt + 1).toString(16)}` };
      await expectOAuthError(
        await postForm(
          `${app.url}/oauth/device`,
          {},
          { ...from, Authorization: basicAuth('device-web', `guess-${attempt}`) },
        ),
        401,
        'invalid_client',
      );
    }
    const sameSubnet = await postForm(
      `${app.url}/oauth/device`,
      {},
      {
        'X-Forwarded-For': '2001:db8:77:1:ffff::1',
        Authorization: basicAuth('device-web', 'web-s3cret'),
      },
    );
    expect(sameSubnet.status).toBe(429);
    const nextSubnet = await postForm(
      `${app.url}/oauth/device`,
      {},
      {
        'X-Forwarded-For': '2001:db8:77:2::1',
        Authorization: basicAuth('device-web', 'web-s3cret'),
      },
    );
    expect(nextSubnet.status).toBe(200);
  });

  it('polling answers authorization_pending, then slow_down when too fast, all as 400 JSON', async () => {
    const { device_code } = await start();
    await expectOAuthError(await poll(device_code), 400, 'authorization_pending');
    await expectOAuthError(await poll(device_code), 400, 'slow_down');
    await expectOAuthError(await poll(device_code), 400, 'slow_down');
    await expectOAuthError(await poll('no-such-code'), 400, 'invalid_grant');
  });

  it('the verification page sends an anonymous visitor to sign in first, and comes back with the code', async () => {
    const { user_code } = await start();
    const visitor = browser();
    const first = await visitor.get(`/oauth/device?user_code=${user_code}`);
    expect(first.status).toBe(303);
    const signInLocation = first.headers.get('location')!;
    expect(signInLocation).toBe(
      `/oauth/login?return_to=${encodeURIComponent(`/oauth/device?user_code=${user_code}`)}`,
    );
    const signInPage = await (await visitor.get(signInLocation)).text();
    const signedIn = await visitor.post('/oauth/login', {
      csrf_token: hiddenField(signInPage, 'csrf_token'),
      return_to: hiddenField(signInPage, 'return_to'),
      login: ada.username,
      password: PASSWORD,
    });
    expect(signedIn.headers.get('location')).toBe(`/oauth/device?user_code=${user_code}`);
    const page = await (await visitor.get(signedIn.headers.get('location')!)).text();
    expect(page).toContain(`name="user_code" value="${user_code}"`);
  });

  it('completes: approval on the consent page, tokens with a refresh token, then invalid_grant', async () => {
    const { device_code, user_code } = await start();
    const approved = await answer(user_code, 'authorize');
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain('<h1>Device connected</h1>');

    const tokens = await poll(device_code);
    expect(tokens.status).toBe(200);
    const body = (await tokens.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^hf_oauth_/),
      token_type: 'bearer',
      expires_in: 1800,
      scope: 'openid profile read-repos',
      refresh_token: expect.stringMatching(/^hf_oauth_refresh_/),
      id_token: expect.any(String),
    });
    const whoami = await fetch(`${app.url}/api/whoami-v2`, {
      headers: { Authorization: `Bearer ${body.access_token as string}` },
    });
    expect(((await whoami.json()) as { name: string }).name).toBe(ada.username);
    await expectOAuthError(await poll(device_code), 400, 'invalid_grant');
  });

  it('gives nothing for an approval whose app the user revoked (connected applications) before the device polled', async () => {
    const { device_code, user_code } = await start();
    const as = browser();
    expect((await answer(user_code, 'authorize', as)).status).toBe(200);
    const { csrfToken } = (await (await as.request('/api/session')).json()) as {
      csrfToken: string;
    };
    const revoked = await as.request('/api/settings/connected-applications/device-cli', {
      method: 'DELETE',
      headers: { 'X-CSRF-Token': csrfToken },
    });
    expect(revoked.status).toBe(204);
    await expectOAuthError(await poll(device_code), 400, 'invalid_grant');
  });

  it('the device consent page carries the device warning, the app, the code and the scopes', async () => {
    const { user_code } = await start();
    const as = browser();
    await as.signIn(ada.username, PASSWORD);
    const codePage = await (await as.get('/oauth/device')).text();
    const typed = await as.post('/oauth/device/verify', {
      csrf_token: hiddenField(codePage, 'csrf_token'),
      user_code: ` ${user_code.replace('-', ' ')} `,
    });
    const html = await (await as.get(typed.headers.get('location')!)).text();
    expect(html).toContain(
      'Only approve this if you started this sign-in yourself, on a device you own.',
    );
    expect(html).toContain('<h1>Authorize Device CLI on a device</h1>');
    expect(html).toContain(`Device code <code>${user_code}</code>`);
    expect(html).toContain('<code>read-repos</code>');
    expect(html).toContain('name="org_ids"');
  });

  it('answers access_denied after Deny', async () => {
    const { device_code, user_code } = await start();
    expect(await (await answer(user_code, 'deny')).text()).toContain('<h1>Sign-in denied</h1>');
    await expectOAuthError(await poll(device_code), 400, 'access_denied');
  });

  it('gives the tokens to exactly one of concurrent polls', async () => {
    const { device_code, user_code } = await start();
    await answer(user_code, 'authorize');
    const answers = await Promise.all(Array.from({ length: 10 }, () => poll(device_code)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    const errors = await Promise.all(
      answers
        .filter((res) => res.status === 400)
        .map(async (res) => ((await res.json()) as { error: string }).error),
    );
    expect(new Set(errors)).toEqual(new Set(['invalid_grant']));
  });

  it('gives nothing to a user disabled after approving', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const eve = await app.seedUser(`eve${randomInt(1e9)}`, { passwordHash });
    const { device_code, user_code } = await start();
    const as = browser();
    await as.signIn(eve.username, PASSWORD);
    const codePage = await (await as.get('/oauth/device')).text();
    const typed = await as.post('/oauth/device/verify', {
      csrf_token: hiddenField(codePage, 'csrf_token'),
      user_code,
    });
    const html = await (await as.get(typed.headers.get('location')!)).text();
    await as.post('/oauth/consent', {
      csrf_token: hiddenField(html, 'csrf_token'),
      consent_id: hiddenField(html, 'consent_id'),
      decision: 'authorize',
    });
    await app.dataSource.manager.update(UserEntity, { id: eve.id }, { disabledAt: new Date() });
    await expectOAuthError(await poll(device_code), 400, 'invalid_grant');
  });

  it('refuses the 6th wrong code with 429 and a clear message', async () => {
    const { user_code } = await start();
    const as = browser();
    await as.signIn(ada.username, PASSWORD);
    const csrf = hiddenField(await (await as.get('/oauth/device')).text(), 'csrf_token');
    const wrong = user_code === 'BCDF-GHJK' ? 'LMNP-QRST' : 'BCDF-GHJK';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const res = await as.post('/oauth/device/verify', { csrf_token: csrf, user_code: wrong });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This code is not valid.');
    }
    const sixth = await as.post('/oauth/device/verify', { csrf_token: csrf, user_code });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sixth.text()).toContain('code entry is paused');
  });

  it('refuses a code form without the session CSRF token', async () => {
    const { user_code } = await start();
    const as = browser();
    await as.signIn(ada.username, PASSWORD);
    expect(
      (await as.post('/oauth/device/verify', { csrf_token: 'forged', user_code })).status,
    ).toBe(403);
  });
});
