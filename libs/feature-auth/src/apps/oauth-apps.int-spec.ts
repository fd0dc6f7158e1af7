import { OrganizationEntity, UserEntity } from '@gatehouse/persistence';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import {
  basicAuth,
  postForm,
  startTokenTestApp,
  TEST_PUBLIC_URL,
  TokenTestApp,
} from '../testing/token-test-app';

interface AppBody {
  id: string;
  clientId: string;
  name: string;
  owner: { type: string; name: string };
  public: boolean;
  redirectUris: string[];
  scopes: string[];
}

// The OAuth app settings API over HTTP on PostgreSQL: personal tokens, the API error shape,
// cross-tenant 404, secrets that work (and stop working) at the token endpoint.
describe('OAuth app settings API (/api/settings/apps)', () => {
  let app: TokenTestApp;
  let alice: UserEntity;
  let bob: UserEntity;
  let acme: OrganizationEntity;
  let aliceToken: string;
  let aliceReadToken: string;
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
    alice = await app.seedUser(`alice${randomInt(1e9)}`);
    bob = await app.seedUser(`bob${randomInt(1e9)}`);
    acme = await app.seedOrg(`acme${randomInt(1e9)}`);
    await app.seedMembership(acme.id, alice.id, 'admin');
    await app.seedMembership(acme.id, bob.id, 'write');
    aliceToken = await app.seedPersonalToken(alice.id, 'write');
    aliceReadToken = await app.seedPersonalToken(alice.id, 'read');
    bobToken = await app.seedPersonalToken(bob.id, 'write');
  });

  afterAll(async () => {
    await app?.close();
  });

  const call = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${app.url}/api/settings/apps${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function expectApiError(res: Response, status: number, message: string): Promise<void> {
    expect(res.status).toBe(status);
    expect(res.headers.get('x-error-message')).toBe(message);
    expect(await res.json()).toEqual({ error: message });
  }

  it('creates an app with a secret shown once; the secret authenticates at the token endpoint', async () => {
    const created = await call(aliceToken, 'POST', '', {
      name: 'Web',
      redirectUris: ['https://web.example/cb'],
      scopes: ['openid', 'read-repos'],
    });
    expect(created.status).toBe(201);
    const { app: body, clientSecret } = (await created.json()) as {
      app: AppBody;
      clientSecret: string;
    };
    expect(body).toMatchObject({
      name: 'Web',
      owner: { type: 'user', name: alice.username },
      public: false,
      redirectUris: ['https://web.example/cb'],
    });
    expect(clientSecret).toMatch(/^[A-Za-z0-9]{43}$/);

    const got = await call(aliceToken, 'GET', `/${body.clientId}`);
    expect(await got.json()).toEqual({ app: body });
    expect(JSON.stringify(body)).not.toContain(clientSecret);

    // The secret is checked: a made-up code is invalid_grant, a wrong secret invalid_client.
    const withSecret = await postForm(
      `${app.url}/oauth/token`,
      { grant_type: 'authorization_code', code: 'x', redirect_uri: 'https://web.example/cb' },
      { Authorization: basicAuth(body.clientId, clientSecret) },
    );
    expect(((await withSecret.json()) as { error: string }).error).toBe('invalid_grant');
    const refresh = await call(aliceToken, 'POST', `/${body.clientId}/secret`);
    expect(refresh.status).toBe(200);
    const { clientSecret: newSecret } = (await refresh.json()) as { clientSecret: string };
    const oldSecret = await postForm(
      `${app.url}/oauth/token`,
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { Authorization: basicAuth(body.clientId, clientSecret) },
    );
    expect(oldSecret.status).toBe(401);
    const current = await postForm(
      `${app.url}/oauth/token`,
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { Authorization: basicAuth(body.clientId, newSecret) },
    );
    expect(current.status).toBe(400);
  });

  it('deletes the secret: the app becomes public', async () => {
    const { app: body } = (await (await call(aliceToken, 'POST', '', { name: 'CLI' })).json()) as {
      app: AppBody;
    };
    const deleted = await call(aliceToken, 'DELETE', `/${body.clientId}/secret`);
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { app: AppBody }).app.public).toBe(true);
  });

  it('lets an organization admin manage the organization apps, and hides them from other members', async () => {
    const created = await call(aliceToken, 'POST', '', {
      name: 'Acme tool',
      owner: acme.name,
      public: true,
    });
    const { app: body } = (await created.json()) as { app: AppBody };
    expect(body.owner).toEqual({ type: 'org', name: acme.name });
    expect(
      ((await (await call(aliceToken, 'GET', '')).json()) as AppBody[]).map((item) => item.name),
    ).toContain('Acme tool');
    expect(await (await call(bobToken, 'GET', '')).json()).toEqual([]);
    await expectApiError(
      await call(bobToken, 'POST', '', { name: 'x', owner: acme.name }),
      403,
      `You are not an admin of the organization ${acme.name}`,
    );
  });

  it('answers 404 to another user for every operation on an app (cross-tenant)', async () => {
    const { app: body } = (await (
      await call(aliceToken, 'POST', '', { name: 'Private' })
    ).json()) as { app: AppBody };
    await expectApiError(
      await call(bobToken, 'GET', `/${body.clientId}`),
      404,
      'OAuth app not found',
    );
    await expectApiError(
      await call(bobToken, 'PATCH', `/${body.clientId}`, { name: 'Stolen' }),
      404,
      'OAuth app not found',
    );
    await expectApiError(
      await call(bobToken, 'POST', `/${body.clientId}/secret`),
      404,
      'OAuth app not found',
    );
    await expectApiError(
      await call(bobToken, 'DELETE', `/${body.clientId}/secret`),
      404,
      'OAuth app not found',
    );
    await expectApiError(
      await call(bobToken, 'DELETE', `/${body.clientId}`),
      404,
      'OAuth app not found',
    );
    expect(
      ((await (await call(aliceToken, 'GET', `/${body.clientId}`)).json()) as { app: AppBody }).app
        .name,
    ).toBe('Private');
  });

  it('updates an app', async () => {
    const { app: body } = (await (
      await call(aliceToken, 'POST', '', { name: 'Old', public: true })
    ).json()) as { app: AppBody };
    const updated = await call(aliceToken, 'PATCH', `/${body.clientId}`, {
      name: 'New',
      redirectUris: ['http://127.0.0.1/cb'],
      scopes: ['openid'],
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { app: AppBody }).app).toMatchObject({
      name: 'New',
      redirectUris: ['http://127.0.0.1/cb'],
      scopes: ['openid'],
    });
  });

  it('deletes an app and revokes every token issued to it', async () => {
    const { app: body } = (await (
      await call(aliceToken, 'POST', '', { name: 'Doomed', public: true, scopes: ['openid'] })
    ).json()) as { app: AppBody };
    const tokens = await app.issue({
      kind: 'oauth',
      userId: alice.id,
      clientId: body.clientId,
      scopes: ['openid'],
      orgIds: [],
      ttlSeconds: 3600,
      withRefreshToken: true,
      idToken: false,
    });
    const userinfo = () =>
      fetch(`${app.url}/oauth/userinfo`, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
    expect((await userinfo()).status).toBe(200);
    const deleted = await call(aliceToken, 'DELETE', `/${body.clientId}`);
    expect(deleted.status).toBe(204);
    expect((await userinfo()).status).toBe(401);
    await expectApiError(
      await call(aliceToken, 'GET', `/${body.clientId}`),
      404,
      'OAuth app not found',
    );
  });

  it('tells every process of each change: an oauth_app.changed in the outbox, keyed by client id', async () => {
    const { app: body } = (await (
      await call(aliceToken, 'POST', '', { name: 'Watched', public: true })
    ).json()) as { app: AppBody };
    expect((await call(aliceToken, 'PATCH', `/${body.clientId}`, { name: 'Renamed' })).status).toBe(
      200,
    );
    expect((await call(aliceToken, 'DELETE', `/${body.clientId}`)).status).toBe(204);
    const rows: Array<{ value: string }> = await app.dataSource.query(
      `SELECT value FROM outbox WHERE topic = 'gatehouse.app-events.v1' AND key = $1 ORDER BY id`,
      [body.clientId],
    );
    expect(rows.map((row) => JSON.parse(row.value) as { type: string; data: unknown })).toEqual(
      ['created', 'updated', 'deleted'].map((change) =>
        expect.objectContaining({
          type: 'oauth_app.changed',
          version: 1,
          data: { clientId: body.clientId, change, changedAt: expect.any(String) },
        }),
      ),
    );
  });

  it('refuses read-only tokens for changes, bad input with the field named, and no token at all', async () => {
    await expectApiError(
      await call(aliceReadToken, 'POST', '', { name: 'x' }),
      403,
      'This token has read-only access and cannot change anything',
    );
    expect((await call(aliceReadToken, 'GET', '')).status).toBe(200);
    await expectApiError(
      await call(aliceToken, 'POST', '', { name: 'x', redirectUris: ['http://web.example/cb'] }),
      400,
      'Invalid "redirectUris.0": "http://web.example/cb" must use https unless its host is localhost, 127.0.0.1 or [::1]',
    );
    const anonymous = await fetch(`${app.url}/api/settings/apps`);
    expect(anonymous.status).toBe(401);
  });
});
