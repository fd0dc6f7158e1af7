import { hashPassword, hashToken } from '@gatehouse/crypto';
import type { FlowStore } from '@gatehouse/flow-state';
import { MessagingModule, SHARED_FLOW_STORE } from '@gatehouse/platform';
import type { UserEntity } from '@gatehouse/persistence';
import type { RecoveryCodesView, SecondFactorsView, TotpEnrolment } from '@gatehouse/settings-api';
import { Secret, TOTP } from 'otpauth';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { CookieBrowser, hiddenField } from '../testing/cookie-browser';
import { startTokenTestApp, TEST_PUBLIC_URL, type TokenTestApp } from '../testing/token-test-app';

const PASSWORD = 'correct horse battery staple';
const ADMIN = 'factor-admin';
const FACTORS = '/api/settings/account/second-factors';

/** The code an authenticator app shows `stepsAhead` steps from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

describe('second factors', () => {
  let app: TokenTestApp;
  let addresses = 0;

  beforeAll(async () => {
    app = await startTokenTestApp([
      MessagingModule.forRoot({ type: 'in-process', outboxRelay: true }),
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
        platformAdmins: [ADMIN],
      }),
    ]);
  });

  afterAll(() => app?.close());

  const newBrowser = () => new CookieBrowser(app.url, `203.0.113.${(addresses += 1)}`);
  const unique = (name: string) => `${name}${randomInt(1e9)}`;

  async function seedPerson(): Promise<UserEntity> {
    return app.seedUser(unique('grace'), { passwordHash: await hashPassword(PASSWORD) });
  }

  async function sessionCsrf(browser: CookieBrowser): Promise<string> {
    const res = await browser.request('/api/session');
    expect(res.status).toBe(200);
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  async function settings(browser: CookieBrowser, method: string, path: string, body?: unknown) {
    return browser.request(path, {
      method,
      headers: { 'X-CSRF-Token': await sessionCsrf(browser), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Submits the password; answers the response (303 to the factor step, or to where it returns). */
  async function enterPassword(browser: CookieBrowser, login: string, password = PASSWORD) {
    const page = await (await browser.get('/oauth/login?return_to=/settings/account')).text();
    return browser.post('/oauth/login', {
      csrf_token: hiddenField(page, 'csrf_token'),
      return_to: '/settings/account',
      login,
      password,
    });
  }

  async function enterCode(browser: CookieBrowser, code: string): Promise<Response> {
    const page = await browser.get('/oauth/login/factor');
    expect(page.status).toBe(200);
    return browser.post('/oauth/login/factor', {
      csrf_token: hiddenField(await page.text(), 'csrf_token'),
      code,
    });
  }

  /** A person signed in with an authenticator app confirmed: its secret and recovery codes. */
  async function enrolled() {
    const user = await seedPerson();
    const browser = newBrowser();
    await browser.signIn(user.username, PASSWORD);
    const started = await settings(browser, 'POST', `${FACTORS}/totp`);
    expect(started.status).toBe(201);
    const enrolment = (await started.json()) as TotpEnrolment;
    const confirmed = await settings(browser, 'POST', `${FACTORS}/totp/confirm`, {
      code: codeOf(enrolment.secret),
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (await confirmed.json()) as RecoveryCodesView;
    return { user, browser, secret: enrolment.secret, recoveryCodes };
  }

  it('enrols an authenticator app: a QR code and the secret, active once a first code confirms it, with ten recovery codes', async () => {
    const user = await seedPerson();
    const browser = newBrowser();
    await browser.signIn(user.username, PASSWORD);
    const started = await settings(browser, 'POST', `${FACTORS}/totp`);
    expect(started.status).toBe(201);
    const enrolment = (await started.json()) as TotpEnrolment;
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toBe(
      `otpauth://totp/hub.test:${user.username}?issuer=hub.test&secret=${enrolment.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // Not active yet: the password alone still signs in.
    const before = await (await settings(browser, 'GET', FACTORS)).json();
    expect(before).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: [],
    } satisfies SecondFactorsView);
    expect((await enterPassword(newBrowser(), user.username)).headers.get('location')).toBe(
      '/settings/account',
    );

    const wrong = await settings(browser, 'POST', `${FACTORS}/totp/confirm`, { code: '000000' });
    expect(wrong.status).toBe(400);
    const confirmed = await settings(browser, 'POST', `${FACTORS}/totp/confirm`, {
      code: codeOf(enrolment.secret),
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (await confirmed.json()) as RecoveryCodesView;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(await (await settings(browser, 'GET', FACTORS)).json()).toEqual({
      totp: true,
      recoveryCodesLeft: 10,
      passkeys: [],
    });

    // At rest: the secret sealed, the codes hashed.
    const [row] = (await app.dataSource.query(
      'SELECT secret_encrypted FROM totp_factors WHERE user_id = $1',
      [user.id],
    )) as [{ secret_encrypted: string }];
    expect(row.secret_encrypted).not.toContain(enrolment.secret);
    expect(row.secret_encrypted).toMatch(/^v[12]\./);
    const hashes = (await app.dataSource.query(
      'SELECT code_hash FROM recovery_codes WHERE user_id = $1',
      [user.id],
    )) as { code_hash: string }[];
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(recoveryCodes).not.toContain(code_hash);

    const again = await settings(browser, 'POST', `${FACTORS}/totp`);
    expect(again.status).toBe(409);
  });

  it('drops the cached principals of a person whose factors change, so decisions on their tokens see it', async () => {
    const user = await seedPerson();
    const token = await app.seedPersonalToken(user.id, 'read');
    const whoami = () =>
      fetch(`${app.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${token}` } });
    const principals = app.service.app.get<FlowStore>(SHARED_FLOW_STORE);
    const key = `principal:${hashToken(token)}`;
    expect((await whoami()).status).toBe(200);
    expect(await principals.get(key)).toMatch(/^\{"v":/);

    const browser = newBrowser();
    await browser.signIn(user.username, PASSWORD);
    const started = await settings(browser, 'POST', `${FACTORS}/totp`);
    const { secret } = (await started.json()) as TotpEnrolment;
    expect(
      (await settings(browser, 'POST', `${FACTORS}/totp/confirm`, { code: codeOf(secret) })).status,
    ).toBe(200);

    expect(await principals.get(key)).toBe('{"stale":true}');
    expect((await whoami()).status).toBe(200);
  });

  it('asks for the code after the password; until it passes the browser is signed in to nothing', async () => {
    const { user, secret } = await enrolled();
    const browser = newBrowser();
    const password = await enterPassword(browser, user.username);
    expect(password.status).toBe(303);
    expect(password.headers.get('location')).toBe('/oauth/login/factor');

    expect((await browser.request('/api/session')).status).toBe(401);
    expect((await browser.request('/api/settings/account')).status).toBe(401);
    expect(await (await browser.get('/oauth/logout')).text()).toContain('You are not signed in.');
    const page = await (await browser.get('/oauth/login/factor')).text();
    expect(page).toContain('<label for="code">Authentication code</label>');

    const wrong = await enterCode(browser, '000000');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That code is not right.');

    const signedIn = await enterCode(browser, codeOf(secret, 1));
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/settings/account');
    expect((await browser.request('/api/session')).status).toBe(200);
    // The pending sign-in is gone with its use.
    expect((await browser.get('/oauth/login/factor')).headers.get('location')).toBe('/oauth/login');
  });

  it('refuses a code of a time step already used, however often it is sent', async () => {
    const { user, secret } = await enrolled();
    const first = newBrowser();
    await enterPassword(first, user.username);
    const code = codeOf(secret, 1);
    expect((await enterCode(first, code)).status).toBe(303);

    const second = newBrowser();
    await enterPassword(second, user.username);
    const replayed = await enterCode(second, code);
    expect(replayed.status).toBe(401);
    expect((await second.request('/api/session')).status).toBe(401);
  });

  it('takes a recovery code instead, once', async () => {
    const { user, browser, recoveryCodes } = await enrolled();
    const other = newBrowser();
    await enterPassword(other, user.username);
    const signedIn = await enterCode(other, recoveryCodes[3]!.toUpperCase());
    expect(signedIn.status).toBe(303);
    expect((await other.request('/api/session')).status).toBe(200);
    expect(
      ((await (await settings(browser, 'GET', FACTORS)).json()) as SecondFactorsView)
        .recoveryCodesLeft,
    ).toBe(9);

    const third = newBrowser();
    await enterPassword(third, user.username);
    expect((await enterCode(third, recoveryCodes[3]!)).status).toBe(401);
  });

  it('sends the browser back to the password after five wrong codes, and rate-limits codes per account and address', async () => {
    const { user, secret } = await enrolled();
    const browser = newBrowser();
    await enterPassword(browser, user.username);
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await enterCode(browser, '000000')).status).toBe(401);
    const fifth = await enterCode(browser, '000000');
    expect(fifth.status).toBe(401);
    expect(await fifth.text()).toContain('Too many wrong codes. Sign in again.');
    expect((await browser.get('/oauth/login/factor')).headers.get('location')).toBe('/oauth/login');

    await enterPassword(browser, user.username);
    const throttled = await enterCode(browser, codeOf(secret, 1));
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await browser.request('/api/session')).status).toBe(401);

    // Another network is counted apart.
    browser.moveTo(`203.0.113.${(addresses += 1)}`);
    expect((await enterCode(browser, codeOf(secret, 1))).status).toBe(303);
  });

  it('turns the app off with the password and a code, and regenerates recovery codes with the password', async () => {
    const { user, browser, secret, recoveryCodes } = await enrolled();
    const regenerated = await settings(browser, 'POST', `${FACTORS}/recovery-codes`, {
      password: PASSWORD,
    });
    expect(regenerated.status).toBe(200);
    const fresh = ((await regenerated.json()) as RecoveryCodesView).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    expect(
      (await settings(browser, 'POST', `${FACTORS}/recovery-codes`, { password: 'wrong one' }))
        .status,
    ).toBe(403);

    const noCode = await settings(browser, 'POST', `${FACTORS}/totp/disable`, {
      password: PASSWORD,
      code: '000000',
    });
    expect(noCode.status).toBe(403);
    const noPassword = await settings(browser, 'POST', `${FACTORS}/totp/disable`, {
      password: 'wrong one',
      code: codeOf(secret, 1),
    });
    expect(noPassword.status).toBe(403);
    const disabled = await settings(browser, 'POST', `${FACTORS}/totp/disable`, {
      password: PASSWORD,
      code: codeOf(secret, 1),
    });
    expect(disabled.status).toBe(204);
    expect(await (await settings(browser, 'GET', FACTORS)).json()).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      passkeys: [],
    });
    expect((await enterPassword(newBrowser(), user.username)).headers.get('location')).toBe(
      '/settings/account',
    );
  });

  it('refuses a token: factors are managed from the browser session only', async () => {
    const user = await seedPerson();
    const token = await app.seedPersonalToken(user.id, 'write');
    const res = await fetch(new URL(FACTORS, app.url), {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
  });

  it("the admin API's reset removes the app and the recovery codes, and the password alone signs in again", async () => {
    const admin = await app.seedUser(ADMIN);
    const adminToken = await app.seedPersonalToken(admin.id, 'write');
    const { user } = await enrolled();
    const reset = await fetch(new URL(`/api/admin/users/${user.username}/factors/reset`, app.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({
      factorsRemoved: { totp: 1, recovery_codes: 10 },
      sessionsEnded: true,
    });
    const told = (await app.dataSource.query(
      `SELECT details FROM security_events WHERE user_id = $1 AND kind = 'factor_removed'`,
      [user.id],
    )) as Array<{ details: Record<string, string> }>;
    expect(told.map((event) => event.details)).toContainEqual({
      factor: 'all, by a platform administrator',
    });
    expect((await enterPassword(newBrowser(), user.username)).headers.get('location')).toBe(
      '/settings/account',
    );
  });

  describe('passkeys', () => {
    it('asks for the password again before a registration, for this issuer as the relying party', async () => {
      const user = await seedPerson();
      const browser = newBrowser();
      await browser.signIn(user.username, PASSWORD);
      const refused = await settings(browser, 'POST', `${FACTORS}/passkeys/options`, {
        password: 'not mine',
      });
      expect(refused.status).toBe(403);
      const options = await settings(browser, 'POST', `${FACTORS}/passkeys/options`, {
        password: PASSWORD,
      });
      expect(options.status).toBe(200);
      expect(await options.json()).toMatchObject({
        rp: { id: 'hub.test', name: 'Gatehouse' },
        user: { name: user.username },
        challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
        authenticatorSelection: { residentKey: 'required' },
        excludeCredentials: [],
      });
    });

    it('refuses an answer the browser did not sign, and signs nobody in', async () => {
      const browser = newBrowser();
      const page = await (await browser.get('/oauth/login')).text();
      expect(page).toContain('Sign in with a passkey');
      const csrf = hiddenField(page, 'csrf_token');
      const post = (path: string, body: unknown) =>
        browser.request(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect((await post('/oauth/login/passkey/options', { csrf_token: 'forged' })).status).toBe(
        403,
      );
      const options = await post('/oauth/login/passkey/options', { csrf_token: csrf });
      expect(options.status).toBe(200);
      expect(await options.json()).toMatchObject({
        rpId: 'hub.test',
        allowCredentials: [],
        userVerification: 'required',
      });
      const answer = await post('/oauth/login/passkey', {
        csrf_token: csrf,
        return_to: '/settings',
        response: {
          id: 'bm8tc3VjaC1rZXk',
          rawId: 'bm8tc3VjaC1rZXk',
          type: 'public-key',
          clientExtensionResults: {},
          response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        },
      });
      expect(answer.status).toBe(401);
      expect((await browser.request('/api/session')).status).toBe(401);
    });
  });
});
