import { hashPassword } from '@gatehouse/crypto';
import { ConsentEntity, OrganizationEntity, UserEntity } from '@gatehouse/persistence';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { CookieBrowser } from '../testing/cookie-browser';
import { aConnectedApplicationView } from '../testing/oauth-app-builders';
import {
  postForm,
  startTokenTestApp,
  TEST_PUBLIC_URL,
  TokenTestApp,
} from '../testing/token-test-app';

const PASSWORD = 'correct horse battery staple';
const CSRF_REFUSED =
  'Requests made with the browser session need the X-CSRF-Token header of GET /api/session';

// The settings pages call the same JSON API as the CLI, with the sign-in cookie and its CSRF token.
describe('the JSON API on the browser session', () => {
  let app: TokenTestApp;
  let ada: UserEntity;
  let bob: UserEntity;
  let org: OrganizationEntity;
  let bobToken: string;

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
    bob = await app.seedUser(`bob${randomInt(1e9)}`, { passwordHash });
    org = await app.seedOrg(`acme${randomInt(1e9)}`);
    await app.seedMembership(org.id, ada.id, 'admin');
    await app.seedApp('notebook', {
      name: 'Notebook',
      ownerUserId: bob.id,
      scopes: ['openid', 'profile', 'read-repos'],
    });
    bobToken = await app.seedPersonalToken(bob.id, 'write', 'bob laptop');
  });

  afterAll(async () => {
    await app?.close();
  });

  let addresses = 0;
  async function signedIn(as: UserEntity): Promise<{ browser: CookieBrowser; csrfToken: string }> {
    const browser = new CookieBrowser(app.url, `198.51.100.${(addresses += 1)}`);
    await browser.signIn(as.username, PASSWORD);
    const session = (await (await browser.request('/api/session')).json()) as { csrfToken: string };
    return { browser, csrfToken: session.csrfToken };
  }

  const json = (
    method: string,
    csrfToken: string | null,
    body?: unknown,
    extra: Record<string, string> = {},
  ): RequestInit => ({
    method,
    headers: {
      ...(csrfToken === null ? {} : { 'X-CSRF-Token': csrfToken }),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...extra,
    },
    body: body ? JSON.stringify(body) : undefined,
  });

  async function expectApiError(res: Response, status: number, message: string): Promise<void> {
    expect(res.status).toBe(status);
    expect(res.headers.get('x-error-message')).toBe(message);
    expect(await res.json()).toEqual({ error: message });
  }

  describe('GET /api/session', () => {
    it('answers 401 in the API shape when nobody is signed in', async () => {
      await expectApiError(
        await new CookieBrowser(app.url, '198.51.100.250').request('/api/session'),
        401,
        'Not signed in',
      );
    });

    it('names the signed-in user, their organizations and the CSRF token, never cached', async () => {
      const { browser } = await signedIn(ada);
      const res = await browser.request('/api/session');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(await res.json()).toEqual({
        user: {
          id: ada.id,
          name: ada.username,
          fullname: ada.fullname,
          email: ada.email,
          avatarUrl: null,
        },
        orgs: [{ id: org.id, name: org.name, fullname: org.fullname, roleInOrg: 'admin' }],
        csrfToken: expect.stringMatching(/^[A-Za-z0-9]{20,}$/),
      });
    });
  });

  describe('the CSRF proof', () => {
    it('refuses the cookie alone, and a wrong token, with 403', async () => {
      const { browser } = await signedIn(ada);
      await expectApiError(await browser.request('/api/settings/tokens'), 403, CSRF_REFUSED);
      await expectApiError(
        await browser.request('/api/settings/tokens', json('GET', 'not-the-token')),
        403,
        CSRF_REFUSED,
      );
    });

    it('refuses a change sent from another site even with the token', async () => {
      const { browser, csrfToken } = await signedIn(ada);
      const body = { name: 'from elsewhere', role: 'write' };
      await expectApiError(
        await browser.request(
          '/api/settings/tokens',
          json('POST', csrfToken, body, { Origin: 'https://evil.example' }),
        ),
        403,
        'Cross-site requests cannot use the browser session',
      );
      await expectApiError(
        await browser.request(
          '/api/settings/tokens',
          json('POST', csrfToken, body, { 'Sec-Fetch-Site': 'cross-site' }),
        ),
        403,
        'Cross-site requests cannot use the browser session',
      );
      const listed = (await (
        await browser.request('/api/settings/tokens', json('GET', csrfToken))
      ).json()) as Array<{ name: string }>;
      expect(listed.map((token) => token.name)).not.toContain('from elsewhere');
    });

    it('accepts a same-origin change: the token it mints is the user’s own', async () => {
      const { browser, csrfToken } = await signedIn(ada);
      const res = await browser.request(
        '/api/settings/tokens',
        json(
          'POST',
          csrfToken,
          { name: 'cli', role: 'write' },
          { Origin: TEST_PUBLIC_URL, 'Sec-Fetch-Site': 'same-origin' },
        ),
      );
      expect(res.status).toBe(201);
      const { token } = (await res.json()) as { token: string };
      const whoami = await fetch(`${app.url}/api/whoami-v2`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(((await whoami.json()) as { name: string }).name).toBe(ada.username);
    });

    it('lets a bearer token win over a cookie: the request is the token’s', async () => {
      const { browser } = await signedIn(ada);
      const res = await browser.request('/api/settings/tokens', {
        headers: { Authorization: `Bearer ${bobToken}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Array<{ name: string }>).map((token) => token.name)).toEqual([
        'bob laptop',
      ]);
    });
  });

  it('POST /api/session/logout ends the session: the API then answers 401', async () => {
    const { browser, csrfToken } = await signedIn(ada);
    await expectApiError(
      await browser.request('/api/session/logout', json('POST', null)),
      403,
      CSRF_REFUSED,
    );
    const res = await browser.request('/api/session/logout', json('POST', csrfToken));
    expect(res.status).toBe(204);
    await expectApiError(await browser.request('/api/session'), 401, 'Not signed in');
  });

  describe('/api/settings/connected-applications', () => {
    it('lists the apps holding consent or live tokens, and revoking one ends all of them at once', async () => {
      const issued = await app.issue({
        kind: 'oauth',
        userId: ada.id,
        clientId: 'notebook',
        scopes: ['openid', 'read-repos'],
        orgIds: [org.id],
        ttlSeconds: 3600,
        withRefreshToken: true,
        idToken: false,
      });
      await app.dataSource.manager.insert(ConsentEntity, {
        id: '0'.repeat(23) + '1',
        userId: ada.id,
        clientId: 'notebook',
        scopes: ['openid', 'read-repos'],
        orgIds: [org.id],
      });
      const { browser, csrfToken } = await signedIn(ada);

      const listed = await browser.request(
        '/api/settings/connected-applications',
        json('GET', csrfToken),
      );
      expect(listed.status).toBe(200);
      expect(await listed.json()).toEqual([
        aConnectedApplicationView({
          clientId: 'notebook',
          name: 'Notebook',
          scopes: ['openid', 'read-repos'],
          organizations: [{ id: org.id, name: org.name }],
          grantedAt: expect.any(String),
          lastTokenIssuedAt: expect.any(String),
        }),
      ]);

      const bobsView = await fetch(`${app.url}/api/settings/connected-applications`, {
        headers: { Authorization: `Bearer ${bobToken}` },
      });
      expect(await bobsView.json()).toEqual([]);
      const bobRevokes = await fetch(`${app.url}/api/settings/connected-applications/notebook`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${bobToken}` },
      });
      await expectApiError(bobRevokes, 404, 'Connected application not found');

      const revoked = await browser.request(
        '/api/settings/connected-applications/notebook',
        json('DELETE', csrfToken),
      );
      expect(revoked.status).toBe(204);
      const userinfo = await fetch(`${app.url}/oauth/userinfo`, {
        headers: { Authorization: `Bearer ${issued.access_token}` },
      });
      expect(userinfo.status).toBe(401);
      const refresh = await postForm(`${app.url}/oauth/token`, {
        grant_type: 'refresh_token',
        refresh_token: issued.refresh_token!,
        client_id: 'notebook',
      });
      expect(refresh.status).toBe(400);
      expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
      expect(
        await app.dataSource.manager.countBy(ConsentEntity, {
          userId: ada.id,
          clientId: 'notebook',
        }),
      ).toBe(0);
      const outbox: Array<{ value: string }> = await app.dataSource.query(
        `SELECT value FROM outbox WHERE topic = 'gatehouse.token-events.v1'`,
      );
      const events = outbox
        .map(
          (row) =>
            JSON.parse(row.value) as {
              data: { clientId?: string; userId?: string; reason?: string; kind?: string };
            },
        )
        .filter(
          (event) =>
            event.data.clientId === 'notebook' &&
            event.data.userId === ada.id &&
            event.data.reason === 'consent_withdrawn',
        );
      expect(events.map((event) => event.data.kind).sort()).toEqual(['access', 'refresh']);
      expect(
        await (
          await browser.request('/api/settings/connected-applications', json('GET', csrfToken))
        ).json(),
      ).toEqual([]);
      await expectApiError(
        await browser.request(
          '/api/settings/connected-applications/notebook',
          json('DELETE', csrfToken),
        ),
        404,
        'Connected application not found',
      );
    });
  });
});
