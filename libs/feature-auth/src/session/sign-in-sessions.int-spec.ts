import { hashPassword } from '@gatehouse/crypto';
import type { UserEntity } from '@gatehouse/persistence';
import type { OtherSessionsEndedView, SignInSessionView } from '@gatehouse/settings-api';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { CookieBrowser } from '../testing/cookie-browser';
import { startTokenTestApp, TEST_PUBLIC_URL, type TokenTestApp } from '../testing/token-test-app';

const PASSWORD = 'correct horse battery staple';
const FIREFOX_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('the sessions page API', () => {
  let app: TokenTestApp;

  beforeAll(async () => {
    app = await startTokenTestApp([
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
      }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
  });

  let addresses = 0;
  async function aPerson(): Promise<UserEntity> {
    return app.seedUser(`ada${randomInt(1e9)}`, { passwordHash: await hashPassword(PASSWORD) });
  }

  /** A browser signed in as `user`, with the CSRF token its API calls carry. */
  async function signedIn(user: UserEntity, userAgent: string) {
    const address = `198.51.100.${(addresses += 1)}`;
    const browser = new CookieBrowser(app.url, address, userAgent);
    await browser.signIn(user.username, PASSWORD);
    const { csrfToken } = (await (await browser.request('/api/session')).json()) as {
      csrfToken: string;
    };
    const call = (method: string, path: string) =>
      browser.request(path, { method, headers: { 'X-CSRF-Token': csrfToken } });
    return { browser, address, call };
  }

  const listOf = async (call: (method: string, path: string) => Promise<Response>) => {
    const res = await call('GET', '/api/settings/sessions');
    expect(res.status).toBe(200);
    return (await res.json()) as SignInSessionView[];
  };

  it('lists each signed-in browser with its device and address, and signs one out', async () => {
    const ada = await aPerson();
    const laptop = await signedIn(ada, FIREFOX_ON_WINDOWS);
    const phone = await signedIn(ada, SAFARI_ON_IPHONE);

    const sessions = await listOf(laptop.call);
    expect(sessions).toEqual(
      expect.arrayContaining([
        {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          device: 'Firefox on Windows',
          address: laptop.address,
          signedInAt: expect.any(String),
          lastActiveAt: expect.any(String),
          current: true,
        },
        {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          device: 'Safari on iPhone',
          address: phone.address,
          signedInAt: expect.any(String),
          lastActiveAt: expect.any(String),
          current: false,
        },
      ]),
    );
    expect(sessions).toHaveLength(2);
    const cookie =
      phone.browser.cookie('__Host-gatehouse_session') ?? phone.browser.cookie('gatehouse_session');
    expect(JSON.stringify(sessions)).not.toContain(cookie);

    const other = sessions.find((session) => !session.current)!;
    expect((await laptop.call('DELETE', `/api/settings/sessions/${other.id}`)).status).toBe(204);
    expect((await phone.browser.request('/api/session')).status).toBe(401);
    expect((await listOf(laptop.call)).map((session) => session.device)).toEqual([
      'Firefox on Windows',
    ]);
    expect((await laptop.call('DELETE', `/api/settings/sessions/${other.id}`)).status).toBe(404);
  });

  it('signs every other browser out and keeps the one asking', async () => {
    const ada = await aPerson();
    const here = await signedIn(ada, FIREFOX_ON_WINDOWS);
    const there = await signedIn(ada, SAFARI_ON_IPHONE);
    const elsewhere = await signedIn(ada, SAFARI_ON_IPHONE);

    const res = await here.call('POST', '/api/settings/sessions/sign-out-others');
    expect(res.status).toBe(200);
    expect((await res.json()) as OtherSessionsEndedView).toEqual({ sessionsEnded: 2 });

    expect((await there.browser.request('/api/session')).status).toBe(401);
    expect((await elsewhere.browser.request('/api/session')).status).toBe(401);
    expect((await here.browser.request('/api/session')).status).toBe(200);
    expect((await listOf(here.call)).map((session) => session.current)).toEqual([true]);
  });

  it('lets nobody see or end another person’s sessions', async () => {
    const ada = await aPerson();
    const bob = await aPerson();
    const adas = await signedIn(ada, FIREFOX_ON_WINDOWS);
    const bobs = await signedIn(bob, SAFARI_ON_IPHONE);
    const [adaSession] = await listOf(adas.call);

    expect((await listOf(bobs.call)).map((session) => session.device)).toEqual([
      'Safari on iPhone',
    ]);
    const res = await bobs.call('DELETE', `/api/settings/sessions/${adaSession!.id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Session not found' });
    expect((await adas.browser.request('/api/session')).status).toBe(200);
  });

  it('answers only the browser session, not a token', async () => {
    const ada = await aPerson();
    const token = await app.seedPersonalToken(ada.id, 'write', 'laptop');
    const res = await fetch(`${app.url}/api/settings/sessions`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'Manage your sessions from the settings pages, signed in',
    });
  });

  it('forgets a browser that signs itself out', async () => {
    const ada = await aPerson();
    const first = await signedIn(ada, FIREFOX_ON_WINDOWS);
    await signedIn(ada, SAFARI_ON_IPHONE);
    const [{ count }] = (await app.dataSource.query(
      `SELECT count(*)::int AS count FROM sign_in_sessions WHERE user_id = $1`,
      [ada.id],
    )) as Array<{ count: number }>;
    expect(count).toBe(2);

    expect((await first.call('POST', '/api/session/logout')).status).toBe(204);
    const [{ count: after }] = (await app.dataSource.query(
      `SELECT count(*)::int AS count FROM sign_in_sessions WHERE user_id = $1`,
      [ada.id],
    )) as Array<{ count: number }>;
    expect(after).toBe(1);
  });
});
