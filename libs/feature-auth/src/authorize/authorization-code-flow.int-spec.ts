import { hashPassword } from '@gatehouse/crypto';
import { s256CodeChallenge } from '@gatehouse/domain/testing';
import { ConsentEntity, OrganizationEntity, UserEntity } from '@gatehouse/persistence';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { DEFAULT_SIGN_IN_LIMITS } from '../session/session-options';
import { CookieBrowser, hiddenField } from '../testing/cookie-browser';
import {
  basicAuth,
  postForm,
  startTokenTestApp,
  TEST_PUBLIC_URL,
  TokenTestApp,
} from '../testing/token-test-app';

const PASSWORD = 'correct horse battery staple';
const VERIFIER = 'verifier-'.repeat(6);
const SPA_REDIRECT = 'http://127.0.0.1/callback';
const WEB_REDIRECT = 'https://web.example/oauth/callback?_target_url=%2Fhome';
const WEB_SECRET = 'web-app-secret-0123456789';

// The authorization endpoint, sign-in and consent pages and the authorization_code grant over
// HTTP, on the real PostgreSQL and Redis.
describe('authorization code flow over HTTP', () => {
  let app: TokenTestApp;
  let ada: UserEntity;
  let acme: OrganizationEntity;
  let beta: OrganizationEntity;
  let addresses = 0;

  beforeAll(async () => {
    app = await startTokenTestApp([
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
        signInLimits: { ...DEFAULT_SIGN_IN_LIMITS, perLoginAndAddress: 3 },
      }),
    ]);
    const passwordHash = await hashPassword(PASSWORD);
    ada = await app.seedUser(`ada${randomInt(1e9)}`, { passwordHash });
    acme = await app.seedOrg(`acme${randomInt(1e9)}`);
    beta = await app.seedOrg(`beta${randomInt(1e9)}`);
    await app.seedMembership(acme.id, ada.id, 'admin');
    await app.seedMembership(beta.id, ada.id, 'read');
    await app.seedApp('spa-app', {
      name: 'SPA',
      redirectUris: [SPA_REDIRECT],
      scopes: ['openid', 'profile', 'read-repos'],
    });
    await app.seedApp('web-app', {
      name: 'Web App',
      redirectUris: [WEB_REDIRECT],
      scopes: ['openid', 'profile', 'email'],
      secret: WEB_SECRET,
      accessTokenTtlSeconds: 3600,
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  const browser = () => new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`);

  const spaAuthorize = (extra: Record<string, string> = {}) =>
    `/oauth/authorize?${new URLSearchParams({
      client_id: 'spa-app',
      redirect_uri: 'http://127.0.0.1:43123/callback',
      response_type: 'code',
      scope: 'openid profile',
      state: '{"nonce":"x","redirectUri":"http://127.0.0.1:43123/callback"}',
      code_challenge: s256CodeChallenge(VERIFIER),
      code_challenge_method: 'S256',
      ...extra,
    })}`;

  async function signIn(
    as: CookieBrowser,
    returnTo: string,
    password = PASSWORD,
  ): Promise<Response> {
    const page = await as.get(`/oauth/login?return_to=${encodeURIComponent(returnTo)}`);
    const html = await page.text();
    return as.post('/oauth/login', {
      csrf_token: hiddenField(html, 'csrf_token'),
      return_to: hiddenField(html, 'return_to'),
      login: ada.username,
      password,
    });
  }

  /** Answers the consent page the browser was sent to; returns the redirect back to the app. */
  async function consent(
    as: CookieBrowser,
    location: string,
    decision: 'authorize' | 'deny',
    orgIds: string[] = [],
  ): Promise<URL> {
    const page = await as.get(location);
    expect(page.status).toBe(200);
    const html = await page.text();
    const answered = await as.post('/oauth/consent', {
      csrf_token: hiddenField(html, 'csrf_token'),
      consent_id: hiddenField(html, 'consent_id'),
      decision,
      org_ids: orgIds,
    });
    expect(answered.status).toBe(303);
    return new URL(answered.headers.get('location')!);
  }

  it('signs in, asks for consent, redirects with code, state and iss, and the code buys tokens once', async () => {
    const as = browser();
    const first = await as.get(spaAuthorize({ orgIds: acme.id }));
    expect(first.status).toBe(303);
    const signInAt = first.headers.get('location')!;
    expect(signInAt).toMatch(/^\/oauth\/login\?return_to=%2Foauth%2Fauthorize%3F/);

    const signInPage = await as.get(signInAt);
    expect(signInPage.status).toBe(200);
    expect(signInPage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(signInPage.headers.get('cache-control')).toBe('no-store');
    expect(signInPage.headers.get('etag')).toBeNull(); // never revalidated: no hash of the page is computed
    expect(Number(signInPage.headers.get('content-length'))).toBeGreaterThan(0);
    expect(signInPage.headers.getSetCookie()[0]).toMatch(
      /^__Host-gatehouse_session=[A-Za-z0-9]+; Max-Age=3600; Path=\/; Expires=.*; HttpOnly; Secure; SameSite=Lax$/,
    );
    const signInHtml = await signInPage.text();
    const signedIn = await as.post('/oauth/login', {
      csrf_token: hiddenField(signInHtml, 'csrf_token'),
      return_to: hiddenField(signInHtml, 'return_to'),
      login: ada.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.getSetCookie()[0]).toMatch(/Max-Age=3600/);

    const again = await as.get(signedIn.headers.get('location')!);
    expect(again.status).toBe(303);
    const consentAt = again.headers.get('location')!;
    const consentPage = await (await as.get(consentAt)).text();
    expect(consentPage).toContain('<h1>Authorize SPA</h1>');
    expect(consentPage).toContain(`<input type="checkbox" id="org-${acme.id}" checked disabled`);
    expect(consentPage).toContain(
      `<input type="checkbox" id="org-${beta.id}" name="org_ids" value="${beta.id}">`,
    );

    const back = await consent(as, consentAt, 'authorize', [acme.id]);
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:43123/callback');
    expect([...back.searchParams.keys()]).toEqual(['code', 'state', 'iss']);
    expect(back.searchParams.get('state')).toBe(
      '{"nonce":"x","redirectUri":"http://127.0.0.1:43123/callback"}',
    );
    expect(back.searchParams.get('iss')).toBe(TEST_PUBLIC_URL);

    const exchange = () =>
      postForm(`${app.url}/oauth/token`, {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: 'http://127.0.0.1:43123/callback',
        code_verifier: VERIFIER,
      });
    const tokens = await exchange();
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    const body = (await tokens.json()) as Record<string, string>;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^hf_oauth_/),
      token_type: 'bearer',
      expires_in: 28_800,
      scope: 'openid profile',
      refresh_token: expect.stringMatching(/^hf_oauth_refresh_/),
      id_token: expect.any(String),
    });
    const userinfo = await fetch(`${app.url}/oauth/userinfo`, {
      headers: { Authorization: `Bearer ${body.access_token}` },
    });
    expect(
      ((await userinfo.json()) as { orgs: Array<{ sub: string }> }).orgs.map((org) => org.sub),
    ).toEqual([acme.id]);
    expect(
      await app.dataSource.manager.findOneBy(ConsentEntity, {
        userId: ada.id,
        clientId: 'spa-app',
      }),
    ).toMatchObject({ scopes: ['openid', 'profile'], orgIds: [acme.id] });

    const replay = await exchange();
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The authorization code is invalid, expired or already used',
    });
    const revoked = await fetch(`${app.url}/oauth/userinfo`, {
      headers: { Authorization: `Bearer ${body.access_token}` },
    });
    expect(revoked.status).toBe(401);

    // Nothing new asked: straight back to the app, through POST as huggingface.js does.
    const direct = await as.post(
      '/oauth/authorize',
      Object.fromEntries(new URL(spaAuthorize(), app.url).searchParams),
    );
    expect(direct.status).toBe(303);
    expect(new URL(direct.headers.get('location')!).searchParams.get('code')).toEqual(
      expect.any(String),
    );
  });

  it('prompt=login shows the sign-in form to a signed-in user, then continues the request without asking again', async () => {
    const as = browser();
    await signIn(as, '/');
    const asked = await as.get(spaAuthorize({ prompt: 'login' }));
    expect(asked.status).toBe(303);
    const signInAt = asked.headers.get('location')!;
    expect(signInAt).toMatch(/^\/oauth\/login\?return_to=%2Foauth%2Fauthorize%3F.*&prompt=login$/);
    expect(decodeURIComponent(signInAt)).not.toContain('prompt=login&');
    const page = await as.get(signInAt);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('The app asks you to sign in again to continue.');
    const signedIn = await as.post('/oauth/login', {
      csrf_token: hiddenField(html, 'csrf_token'),
      return_to: hiddenField(html, 'return_to'),
      login: ada.username,
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(303);
    const back = await as.get(signedIn.headers.get('location')!);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(
      /^(\/oauth\/consent\?consent_id=|http:\/\/127\.0\.0\.1:43123\/callback\?code=)/,
    );
  });

  it('grants only the scopes left ticked on the consent page', async () => {
    const as = browser();
    await signIn(as, '/');
    const asked = await as.get(
      spaAuthorize({ scope: 'openid profile read-repos', prompt: 'consent' }),
    );
    const page = await (await as.get(asked.headers.get('location')!)).text();
    expect(page).toContain(
      '<input type="checkbox" id="scope-read-repos" name="scopes" value="read-repos" checked>',
    );
    expect(page).not.toContain('id="scope-openid"');
    const answered = await as.post('/oauth/consent', {
      csrf_token: hiddenField(page, 'csrf_token'),
      consent_id: hiddenField(page, 'consent_id'),
      decision: 'authorize',
      scope_choice: '1',
    });
    const code = new URL(answered.headers.get('location')!).searchParams.get('code')!;
    const tokens = await postForm(`${app.url}/oauth/token`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:43123/callback',
      code_verifier: VERIFIER,
    });
    expect(((await tokens.json()) as { scope: string }).scope).toBe('openid profile');
  });

  it('prompt=none answers login_required to a browser nobody signed in on', async () => {
    const answer = await browser().get(spaAuthorize({ prompt: 'none' }));
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: 'login_required',
      iss: TEST_PUBLIC_URL,
    });
  });

  it('sends access_denied back when the user denies', async () => {
    const as = browser();
    await signIn(as, '/oauth/login');
    const asked = await as.get(spaAuthorize({ scope: 'openid read-repos', state: 'deny-me' }));
    const back = await consent(as, asked.headers.get('location')!, 'deny');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The user denied the request',
      state: 'deny-me',
      iss: TEST_PUBLIC_URL,
    });
  });

  it('exchanges a confidential app code with Basic authentication and no PKCE (authlib)', async () => {
    const as = browser();
    await signIn(as, '/oauth/login');
    const query = new URLSearchParams({
      client_id: 'web-app',
      redirect_uri: WEB_REDIRECT,
      response_type: 'code',
      scope: 'openid email',
      state: 's',
      nonce: 'n-42',
    });
    const back = await consent(
      as,
      (await as.get(`/oauth/authorize?${query}`)).headers.get('location')!,
      'authorize',
    );
    expect(back.searchParams.get('_target_url')).toBe('/home');
    const tokens = await postForm(
      `${app.url}/oauth/token`,
      {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: WEB_REDIRECT,
      },
      { Authorization: basicAuth('web-app', WEB_SECRET) },
    );
    expect(tokens.status).toBe(200);
    const body = (await tokens.json()) as { expires_in: number; id_token: string };
    expect(body.expires_in).toBe(3600);
    expect(
      JSON.parse(Buffer.from(body.id_token.split('.')[1]!, 'base64url').toString()),
    ).toMatchObject({ aud: 'web-app', nonce: 'n-42', email: ada.email });
  });

  it('shows an error page and never redirects for an unknown client or an unregistered redirect URI', async () => {
    const as = browser();
    for (const query of [
      { client_id: 'nobody', redirect_uri: SPA_REDIRECT, response_type: 'code' },
      { client_id: 'spa-app', redirect_uri: 'http://localhost/callback', response_type: 'code' },
    ]) {
      const res = await as.get(`/oauth/authorize?${new URLSearchParams(query)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain('<h1>This sign-in request cannot continue</h1>');
    }
  });

  it('redirects other errors to the app with error, error_description, state and iss', async () => {
    const res = await browser().get(spaAuthorize({ code_challenge_method: 'plain', state: 'st' }));
    expect(res.status).toBe(303);
    expect(Object.fromEntries(new URL(res.headers.get('location')!).searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'code_challenge_method must be S256; plain is not supported',
      state: 'st',
      iss: TEST_PUBLIC_URL,
    });
  });

  it('refuses a form without its CSRF token, a wrong password, then throttles that login from that address with 429', async () => {
    const tom = await app.seedUser(`tom${randomInt(1e9)}`, {
      passwordHash: await hashPassword(PASSWORD),
    });
    const attempt = async (password: string, address = '203.0.113.77') => {
      const as = new CookieBrowser(app.url, address);
      const html = await (await as.get('/oauth/login')).text();
      return as.post('/oauth/login', {
        csrf_token: hiddenField(html, 'csrf_token'),
        login: tom.username,
        password,
      });
    };
    const as = browser();
    await as.get('/oauth/login');
    const forged = await as.post('/oauth/login', {
      csrf_token: 'forged',
      login: tom.username,
      password: PASSWORD,
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('This form has expired. Please try again.');

    for (let count = 0; count < 3; count++) {
      const refused = await attempt('wrong password');
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain('Incorrect username, email or password.');
    }
    const throttled = await attempt(PASSWORD);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(850);
    expect(await throttled.text()).toContain(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect((await attempt(PASSWORD, '203.0.113.78')).status).toBe(303);
  });

  describe('sign-in limits that nobody can aim at a right password (docs/security.md "Anyone locking any account…")', () => {
    const { loginSlowDownAfter, addressSlowDownAfter, maxDelaySeconds } = DEFAULT_SIGN_IN_LIMITS;

    async function signInAt(as: CookieBrowser, login: string, password: string): Promise<Response> {
      const html = await (await as.get('/oauth/login')).text();
      return as.post('/oauth/login', {
        csrf_token: hiddenField(html, 'csrf_token'),
        login,
        password,
      });
    }

    async function signedInBrowser(login: string, address: string): Promise<CookieBrowser> {
      const as = new CookieBrowser(app.url, address);
      expect((await signInAt(as, login, PASSWORD)).status).toBe(303);
      const page = await (await as.get('/oauth/logout')).text();
      expect(
        (await as.post('/oauth/logout', { csrf_token: hiddenField(page, 'csrf_token') })).status,
      ).toBe(200);
      return as;
    }

    it('marks the browser on sign-in with a long-lived, HttpOnly, Secure, SameSite=Lax device cookie that outlives sign-out', async () => {
      const as = browser();
      const res = await signIn(as, '/oauth/login');
      expect(res.status).toBe(303);
      expect(res.headers.getSetCookie()[1]).toMatch(
        /^__Host-gatehouse_device=[A-Za-z0-9]{20,}; Max-Age=15552000; Path=\/; Expires=.*; HttpOnly; Secure; SameSite=Lax$/,
      );
      const device = as.cookie('__Host-gatehouse_device');
      const page = await (await as.get('/oauth/logout')).text();
      await as.post('/oauth/logout', { csrf_token: hiddenField(page, 'csrf_token') });
      expect(as.cookie('__Host-gatehouse_device')).toBe(device);
      const again = await signIn(as, '/oauth/login');
      expect(again.headers.getSetCookie()[1]).toContain(`__Host-gatehouse_device=${device};`);
    });

    it("keeps a login-wide slow-down, fed from many addresses, from refusing its owner's right password", async () => {
      const owner = await app.seedUser(`owner${randomInt(1e9)}`, {
        passwordHash: await hashPassword(PASSWORD),
      });
      const ownersLaptop = await signedInBrowser(owner.username, '198.51.100.240');
      // More bots than the threshold, each from an address of its own, then one back for more.
      const bots = Array.from(
        { length: loginSlowDownAfter + 6 },
        (_, bot) => `203.0.113.${100 + bot}`,
      );
      for (const bot of bots)
        expect(
          (await signInAt(new CookieBrowser(app.url, bot), owner.username, 'guess')).status,
        ).toBe(401);
      expect(
        (await signInAt(new CookieBrowser(app.url, bots[0]!), owner.username, 'guess')).status,
      ).toBe(401);
      // The slow-down holds the addresses that failed on the login, right password or not...
      const paced = await signInAt(new CookieBrowser(app.url, bots[1]!), owner.username, PASSWORD);
      expect(paced.status).toBe(429);
      expect(Number(paced.headers.get('retry-after'))).toBeLessThanOrEqual(maxDelaySeconds);
      // ...never the owner from an address with no failures, nor the owner's own browser anywhere.
      expect(
        (await signInAt(new CookieBrowser(app.url, '198.51.100.241'), owner.username, PASSWORD))
          .status,
      ).toBe(303);
      ownersLaptop.moveTo(bots[2]!);
      expect((await signInAt(ownersLaptop, owner.username, PASSWORD)).status).toBe(303);
    });

    it('keeps failures for made-up logins from one address from locking out the people behind it', async () => {
      const colleague = await app.seedUser(`colleague${randomInt(1e9)}`, {
        passwordHash: await hashPassword(PASSWORD),
      });
      const office = '192.0.2.150';
      const colleaguesBrowser = await signedInBrowser(colleague.username, office);
      const sprayed: Response[] = [];
      for (let login = 0; login < addressSlowDownAfter + 10; login++)
        sprayed.push(
          await signInAt(
            new CookieBrowser(app.url, office),
            `made-up-${login}@example.com`,
            'guess',
          ),
        );
      expect(sprayed.slice(0, addressSlowDownAfter).map((res) => res.status)).toEqual(
        Array.from({ length: addressSlowDownAfter }, () => 401),
      );
      // Wrong tries are slowed by seconds, never held for the rest of the window.
      const slowed = sprayed.filter((res) => res.status === 429);
      expect(slowed.length).toBeGreaterThan(0);
      for (const res of slowed)
        expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(maxDelaySeconds);
      expect((await signInAt(colleaguesBrowser, colleague.username, PASSWORD)).status).toBe(303);
    });
  });

  it('ends the session of a user disabled meanwhile, and refuses their sign-in', async () => {
    const carol = await app.seedUser(`carol${randomInt(1e9)}`, {
      passwordHash: await hashPassword(PASSWORD),
    });
    const as = browser();
    const page = await (await as.get('/oauth/login')).text();
    expect(
      (
        await as.post('/oauth/login', {
          csrf_token: hiddenField(page, 'csrf_token'),
          login: carol.username,
          password: PASSWORD,
        })
      ).status,
    ).toBe(303);
    await app.dataSource.manager.update(UserEntity, { id: carol.id }, { disabledAt: new Date() });

    const sentBack = await as.get(spaAuthorize());
    expect(sentBack.status).toBe(303);
    expect(sentBack.headers.get('location')).toMatch(/^\/oauth\/login\?return_to=/);
    expect(sentBack.headers.getSetCookie()[0]).toMatch(
      /^__Host-gatehouse_session=; Path=\/; Expires=Thu, 01 Jan 1970/,
    );

    const again = await (await as.get('/oauth/login')).text();
    const refused = await as.post('/oauth/login', {
      csrf_token: hiddenField(again, 'csrf_token'),
      login: carol.username,
      password: PASSWORD,
    });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('This account is disabled.');
  });

  it('signs out with a CSRF-protected form', async () => {
    const as = browser();
    await signIn(as, '/oauth/login');
    const page = await as.get('/oauth/logout');
    const html = await page.text();
    expect(html).toContain(`You are signed in as ${ada.username}.`);
    const out = await as.post('/oauth/logout', { csrf_token: hiddenField(html, 'csrf_token') });
    expect(out.status).toBe(200);
    expect((await as.get(spaAuthorize())).headers.get('location')).toMatch(/^\/oauth\/login/);
  });
});
