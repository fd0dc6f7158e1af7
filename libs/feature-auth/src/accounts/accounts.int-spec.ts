import { hashPassword } from '@gatehouse/crypto';
import { s256CodeChallenge } from '@gatehouse/domain/testing';
import { MessagingModule } from '@gatehouse/platform';
import type { UserEntity } from '@gatehouse/persistence';
import type { AccountView } from '@gatehouse/settings-api';
import {
  linkInMail,
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
  waitUntil,
} from '@gatehouse/testing';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { CookieBrowser, hiddenField } from '../testing/cookie-browser';
import {
  startTokenTestApp,
  TEST_INTERNAL_TOKEN,
  TEST_PUBLIC_URL,
  type TokenTestApp,
} from '../testing/token-test-app';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase 42';

describe('accounts people make and manage themselves', () => {
  let app: TokenTestApp;
  let smtp: SmtpTestServer;
  let addresses = 0;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    app = await startTokenTestApp([
      MessagingModule.forRoot({ type: 'in-process', outboxRelay: true }),
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
        signUp: 'open',
        mail: { smtpUrl: smtp.url, from: 'Hub <no-reply@hub.example>' },
      }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** Each test's browser comes from an address of its own, so the rate limits of one are its own. */
  const newBrowser = () => new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`);
  const unique = (name: string) => `${name}${randomInt(1e9)}`;

  async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
    let found: ReceivedMail | undefined;
    await waitUntil(`a message "${subject}" to ${address}`, () => {
      found = smtp.received.find(
        (mail) => mail.to.includes(address) && mail.raw.includes(`Subject: ${subject}`),
      );
      return found !== undefined;
    });
    return found!;
  }

  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  async function submit(
    browser: CookieBrowser,
    page: string,
    action: string,
    fields: Record<string, string>,
  ): Promise<Response> {
    const form = await (await browser.get(page)).text();
    return browser.post(action, { csrf_token: hiddenField(form, 'csrf_token'), ...fields });
  }

  const signUp = (browser: CookieBrowser, username: string, email: string, password = PASSWORD) =>
    submit(browser, '/oauth/signup', '/oauth/signup', { username, email, password });

  async function followLink(browser: CookieBrowser, link: string): Promise<Response> {
    const path = new URL(link).pathname + new URL(link).search;
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    return browser.post(new URL(link).pathname, {
      csrf_token: hiddenField(html, 'csrf_token'),
      token: hiddenField(html, 'token'),
    });
  }

  async function sessionCsrf(browser: CookieBrowser): Promise<string> {
    const res = await browser.request('/api/session');
    expect(res.status).toBe(200);
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  async function accountOf(browser: CookieBrowser): Promise<AccountView> {
    const res = await browser.request('/api/settings/account', {
      headers: { 'X-CSRF-Token': await sessionCsrf(browser) },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as AccountView;
  }

  const settingsPost = async (browser: CookieBrowser, path: string, body: unknown) =>
    browser.request(path, {
      method: 'POST',
      headers: { 'X-CSRF-Token': await sessionCsrf(browser), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  async function seedPerson(): Promise<UserEntity> {
    return app.seedUser(unique('ada'), { passwordHash: await hashPassword(PASSWORD) });
  }

  it('links sign-up and "Forgot password?" from the sign-in page', async () => {
    const page = await (await newBrowser().get('/oauth/login')).text();
    expect(page).toContain('<a href="/oauth/forgot-password">Forgot password?</a>');
    expect(page).toContain('<a href="/oauth/signup">Create account</a>');
  });

  it('signs up, lets the new person sign in unconfirmed, and confirms the address by its link once', async () => {
    const browser = newBrowser();
    const username = unique('grace');
    const email = `${username}@example.org`;

    const answer = await signUp(browser, username, email);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(`We sent a message to ${email}.`);
    const mail = await mailTo(email, 'Confirm your e-mail address for hub.test');
    const link = linkInMail(mail.raw, `${TEST_PUBLIC_URL}/oauth/confirm-email?token=`);

    await browser.signIn(username, PASSWORD);
    expect(await accountOf(browser)).toEqual({ username, email, emailConfirmed: false });

    const confirmed = await followLink(browser, link);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Your e-mail address is confirmed.');
    expect(await accountOf(browser)).toEqual({ username, email, emailConfirmed: true });

    const again = await browser.get(new URL(link).pathname + new URL(link).search);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This link has expired or was already used.');
  });

  it('lets no app be authorized before the address is confirmed, and offers a new link', async () => {
    const browser = newBrowser();
    const username = unique('hopper');
    const email = `${username}@example.org`;
    expect((await signUp(browser, username, email)).status).toBe(200);
    await mailTo(email, 'Confirm your e-mail address for hub.test');
    await browser.signIn(username, PASSWORD);
    const clientId = `spa-${username}`;
    await app.seedApp(clientId, {
      name: 'SPA',
      redirectUris: ['http://127.0.0.1:43123/callback'],
      scopes: ['openid', 'profile'],
    });
    const authorize = (extra: Record<string, string> = {}) =>
      browser.get(
        `/oauth/authorize?${new URLSearchParams({
          client_id: clientId,
          redirect_uri: 'http://127.0.0.1:43123/callback',
          response_type: 'code',
          scope: 'openid profile',
          state: 'st',
          code_challenge: s256CodeChallenge('a-verifier-of-enough-length-for-pkce-0123456789'),
          code_challenge_method: 'S256',
          ...extra,
        })}`,
      );

    for (const page of [await authorize(), await browser.get('/oauth/device')]) {
      expect(page.status).toBe(403);
      const html = await page.text();
      expect(html).toContain('Apps cannot be authorized until you confirm your e-mail address.');
      expect(html).toContain('action="/oauth/confirm-email/resend"');
    }
    const silent = await authorize({ prompt: 'none' });
    expect(silent.status).toBe(303);
    expect(new URL(silent.headers.get('location')!).searchParams.get('error')).toBe(
      'access_denied',
    );

    const page = await (await authorize()).text();
    const resent = await browser.post('/oauth/confirm-email/resend', {
      csrf_token: hiddenField(page, 'csrf_token'),
    });
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain(`We sent a new confirmation link to ${email}.`);
    await waitUntil(
      'a second confirmation message',
      () =>
        mailsTo(email).filter((mail) => mail.raw.includes('Subject: Confirm your e-mail address'))
          .length === 2,
    );
  });

  it('answers a sign-up with a taken address or username as any other, and tells only the address', async () => {
    const existing = await seedPerson();
    const browser = newBrowser();

    const sameEmail = await signUp(browser, unique('mallory'), existing.email);
    expect(sameEmail.status).toBe(200);
    expect(await sameEmail.text()).toContain(`We sent a message to ${existing.email}.`);
    await mailTo(
      existing.email,
      'Someone tried to create an account on hub.test with your address',
    );

    const newcomer = `${unique('eve')}@example.org`;
    const sameName = await signUp(browser, existing.username, newcomer);
    expect(sameName.status).toBe(200);
    expect(await sameName.text()).toContain(`We sent a message to ${newcomer}.`);
    await mailTo(newcomer, 'Your account on hub.test was not created');

    const [{ count }] = await app.dataSource.query(
      `SELECT count(*)::int AS count FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2)`,
      [existing.username, newcomer],
    );
    expect(count).toBe(1);
  });

  it('refuses a username, an address or a password against the rules, with the reason', async () => {
    const browser = newBrowser();
    const cases: Array<[string, string, string, string]> = [
      ['settings', 'a@example.org', PASSWORD, 'This username is reserved.'],
      [unique('ok'), 'not-an-address', PASSWORD, 'Enter a valid e-mail address.'],
      [
        unique('ok'),
        'b@example.org',
        'password1',
        'This password is one of the most common ones; choose another.',
      ],
      [unique('ok'), 'c@example.org', 'short', 'Password must be at least 8 characters long.'],
    ];
    for (const [username, email, password, reason] of cases) {
      const res = await signUp(browser, username, email, password);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(reason);
    }
  });

  it('resets a forgotten password by its mailed link, once, ending every session and refresh token', async () => {
    const ada = await seedPerson();
    await app.seedApp(`notebook-${ada.id}`, { name: 'Notebook' });
    const oauth = await app.issue({
      kind: 'oauth',
      userId: ada.id,
      clientId: `notebook-${ada.id}`,
      scopes: ['openid'],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: true,
      idToken: false,
    });
    const elsewhere = newBrowser();
    await elsewhere.signIn(ada.username, PASSWORD);
    expect((await elsewhere.request('/api/session')).status).toBe(200);

    const browser = newBrowser();
    const unknown = `${unique('nobody')}@example.org`;
    for (const email of [unknown, ada.email]) {
      const res = await submit(browser, '/oauth/forgot-password', '/oauth/forgot-password', {
        email,
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`If an account uses ${email}, we sent it a link`);
    }
    const link = linkInMail(
      (await mailTo(ada.email, 'Reset your password for hub.test')).raw,
      `${TEST_PUBLIC_URL}/oauth/reset-password?token=`,
    );
    expect(mailsTo(unknown)).toEqual([]);

    const path = new URL(link).pathname + new URL(link).search;
    const form = await (await browser.get(path)).text();
    const post = (password: string) =>
      browser.post('/oauth/reset-password', {
        csrf_token: hiddenField(form, 'csrf_token'),
        token: hiddenField(form, 'token'),
        password,
      });
    const weak = await post('qwerty123');
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain('This password is one of the most common ones');

    const reset = await post(NEW_PASSWORD);
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain(
      'Your password is changed and every session of your account has ended.',
    );
    expect((await browser.get(path)).status).toBe(410);
    const fresh = await (await browser.get('/oauth/forgot-password')).text();
    const reused = await browser.post('/oauth/reset-password', {
      csrf_token: hiddenField(fresh, 'csrf_token'),
      token: hiddenField(form, 'token'),
      password: 'yet another passphrase 7',
    });
    expect(reused.status).toBe(410);

    expect((await elsewhere.request('/api/session')).status).toBe(401);
    const [refresh] = await app.dataSource.query(
      'SELECT revoked_at FROM refresh_tokens WHERE user_id = $1',
      [ada.id],
    );
    expect(refresh.revoked_at).not.toBeNull();
    expect(oauth.refresh_token).toBeDefined();
    await expect(newBrowser().signIn(ada.username, PASSWORD)).rejects.toThrow(
      'sign-in answered 401',
    );
    await newBrowser().signIn(ada.username, NEW_PASSWORD);
    await mailTo(ada.email, 'Your password for hub.test was changed');
  });

  it('changes the password with the current one, signs out every other browser, and tells the owner', async () => {
    const ada = await seedPerson();
    const elsewhere = newBrowser();
    await elsewhere.signIn(ada.username, PASSWORD);
    const browser = newBrowser();
    await browser.signIn(ada.username, PASSWORD);

    const wrong = await settingsPost(browser, '/api/settings/account/password', {
      currentPassword: 'not it at all',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: 'The current password is not right.' });

    const weak = await settingsPost(browser, '/api/settings/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({ error: 'Password must be at least 8 characters long.' });

    const changed = await settingsPost(browser, '/api/settings/account/password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(204);
    expect((await elsewhere.request('/api/session')).status).toBe(401);
    expect((await browser.request('/api/session')).status).toBe(200);
    await newBrowser().signIn(ada.username, NEW_PASSWORD);
    await mailTo(ada.email, 'Your password for hub.test was changed');
  });

  it('changes the address once the new one confirms it, and tells the old one', async () => {
    const ada = await seedPerson();
    const browser = newBrowser();
    await browser.signIn(ada.username, PASSWORD);
    const next = `${unique('ada-new')}@example.org`;

    const requested = await settingsPost(browser, '/api/settings/account/email', {
      password: PASSWORD,
      email: next,
    });
    expect(requested.status).toBe(202);
    expect(await requested.json()).toEqual({ pendingEmail: next });
    expect((await accountOf(browser)).email).toBe(ada.email);

    const link = linkInMail(
      (await mailTo(next, 'Confirm your new e-mail address for hub.test')).raw,
      `${TEST_PUBLIC_URL}/oauth/confirm-email?token=`,
    );
    expect((await followLink(browser, link)).status).toBe(200);
    expect(await accountOf(browser)).toEqual({
      username: ada.username,
      email: next,
      emailConfirmed: true,
    });
    const notice = await mailTo(
      ada.email,
      'The e-mail address of your hub.test account was changed',
    );
    expect(notice.raw).not.toContain('token=');
  });

  it('manages the account only on the browser session, never with a token', async () => {
    const ada = await seedPerson();
    const token = await app.seedPersonalToken(ada.id, 'write');
    const res = await fetch(`${app.url}/api/settings/account/password`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'Manage your account from the settings pages, signed in',
    });
  });

  it('limits reset requests per address asked about, whoever asks, with the same answer for any address', async () => {
    const email = `${unique('target')}@example.org`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await submit(newBrowser(), '/oauth/forgot-password', '/oauth/forgot-password', {
        email,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('sign-up by invitation', () => {
  let app: TokenTestApp;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    app = await startTokenTestApp([
      MessagingModule.forRoot({ type: 'in-process', outboxRelay: true }),
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
        signUp: 'invite',
        mail: { smtpUrl: smtp.url, from: 'Hub <no-reply@hub.example>' },
      }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const invite = (body: unknown, token = TEST_INTERNAL_TOKEN) =>
    fetch(`${app.url}/internal/invitations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('shows no form without an invitation', async () => {
    const res = await new CookieBrowser(app.url, '203.0.113.1').get('/oauth/signup');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('New accounts are by invitation only.');
  });

  it('refuses to make invitations without the internal token', async () => {
    expect((await invite({}, 'not-the-internal-token-at-all-0123456789')).status).toBe(401);
  });

  it('signs up once with an invitation for an address, mailed to it', async () => {
    const email = `invited${randomInt(1e9)}@example.org`;
    const created = await invite({ email });
    expect(created.status).toBe(201);
    const { url } = (await created.json()) as { url: string; expiresAt: string };
    expect(url).toMatch(/^https:\/\/hub\.test\/oauth\/signup\?invitation=[A-Za-z0-9]{43}$/);
    await waitUntil('the invitation to be mailed', () =>
      smtp.received.some(
        (mail) =>
          mail.to.includes(email) &&
          linkInMail(mail.raw, `${TEST_PUBLIC_URL}/oauth/signup?invitation=`) === url,
      ),
    );

    const browser = new CookieBrowser(app.url, '203.0.113.2');
    const path = new URL(url).pathname + new URL(url).search;
    const form = await (await browser.get(path)).text();
    const post = (username: string, address: string) =>
      browser.post('/oauth/signup', {
        csrf_token: hiddenField(form, 'csrf_token'),
        invitation: hiddenField(form, 'invitation'),
        username,
        email: address,
        password: PASSWORD,
      });
    const elsewhere = await post(`other${randomInt(1e9)}`, `other${randomInt(1e9)}@example.org`);
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain('This invitation has expired or was already used.');

    const username = `invited${randomInt(1e9)}`;
    const signedUp = await post(username, email);
    expect(signedUp.status).toBe(200);
    await waitUntil('the confirmation to be mailed', () =>
      smtp.received.some(
        (mail) =>
          mail.to.includes(email) && mail.raw.includes('Subject: Confirm your e-mail address'),
      ),
    );
    expect((await browser.get(path)).status).toBe(403);
  });
});
