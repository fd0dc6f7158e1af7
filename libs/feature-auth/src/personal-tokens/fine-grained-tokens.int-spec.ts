import { whoAmI } from '@huggingface/hub';
import { PrincipalInvalidator, TokenUsageRecorder } from '@gatehouse/identity/testing';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';
import { StatementCountingProxy, tallyStatements } from '@gatehouse/testing';
import { startTokenTestApp, TokenTestApp } from '../testing/token-test-app';

const INVALID_CREDENTIALS = 'Invalid credentials in Authorization header';

/**
 * Fine-grained personal tokens and the token lifecycle over HTTP, on PostgreSQL and Redis, with the
 * database behind the statement-counting proxy `npm run bench` uses: whoami-v2 as the Hugging Face
 * clients read it (huggingface.js's own whoAmI; huggingface_hub's key paths), the routes of
 * docs/settings-api.md "Access tokens", and what a request costs once its principal is cached.
 */
describe('fine-grained personal tokens on PostgreSQL and Redis', () => {
  let proxy: StatementCountingProxy;
  let app: TokenTestApp;
  let ada: string;
  let orgId: string;
  let adaWrite: string;

  beforeAll(async () => {
    proxy = await StatementCountingProxy.inFrontOf(process.env.DATABASE_URL!);
    app = await startTokenTestApp([], { databaseUrl: proxy.url });
    ada = (await app.seedUser('ada', { fullname: 'Ada Lovelace' })).id;
    orgId = (await app.seedOrg('acme', 'team')).id;
    await app.seedMembership(orgId, ada, 'admin');
    await app.seedApp('notebook', { name: 'Notebook' });
    adaWrite = await app.seedPersonalToken(ada, 'write', 'admin laptop');
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.stop();
  });

  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });

  async function create(body: unknown): Promise<CreatedPersonalToken> {
    const res = await call('POST', '/api/settings/tokens', adaWrite, body);
    expect(res.status).toBe(201);
    return (await res.json()) as CreatedPersonalToken;
  }

  const deploy = {
    name: 'deploy',
    role: 'fineGrained',
    expiresInDays: 30,
    fineGrained: {
      global: ['discussion.write'],
      scoped: [
        {
          entity: { type: 'user', name: 'ada' },
          permissions: ['repo.write', 'user.webhooks.read'],
        },
        { entity: { type: 'org', name: 'acme' }, permissions: ['repo.content.read', 'org.read'] },
      ],
      canReadGatedRepos: true,
    },
  };

  it('answers whoami-v2 in the Hub shape, which huggingface.js reads unchanged', async () => {
    const created = await create(deploy);
    const res = await call('GET', '/api/whoami-v2', created.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    const expectedAuth = {
      type: 'access_token',
      accessToken: {
        displayName: 'deploy',
        role: 'fineGrained',
        createdAt: created.createdAt,
        expiration: created.expiresAt,
        fineGrained: {
          canReadGatedRepos: true,
          global: ['discussion.write'],
          scoped: [
            {
              entity: { _id: ada, type: 'user', name: 'ada' },
              permissions: ['repo.write', 'user.webhooks.read'],
            },
            {
              entity: { _id: orgId, type: 'org', name: 'acme' },
              permissions: ['repo.content.read', 'org.read'],
            },
          ],
        },
      },
      expiresAt: created.expiresAt,
    };
    expect(body.auth).toEqual(expectedAuth);

    const info = await whoAmI({ credentials: { accessToken: created.token }, hubUrl: app.url });
    expect(info).toMatchObject({ type: 'user', name: 'ada', orgs: [{ name: 'acme' }] });
    // This release of huggingface.js turns `createdAt` into a Date and passes the rest through.
    expect(info.auth.accessToken).toEqual({
      ...expectedAuth.accessToken,
      createdAt: new Date(created.createdAt),
    });
    expect(info.auth.expiresAt).toBe(created.expiresAt);
  });

  it('answers the key paths huggingface_hub reads', async () => {
    // huggingface_hub: `_login` reads auth.accessToken.role and .displayName (the stored token's
    // name), `get_token_permission` returns auth.accessToken.role ("read", "write", "fineGrained");
    // `whoami` callers read name, type, fullname, avatarUrl and orgs[].name.
    const created = await create({ ...deploy, name: 'hub-cli' });
    const tokenInfo = (await (await call('GET', '/api/whoami-v2', created.token)).json()) as {
      name: string;
      type: string;
      fullname: string;
      avatarUrl: string;
      orgs: Array<{ name: string }>;
      auth: { accessToken: { role: string; displayName: string } };
    };
    expect(tokenInfo.auth.accessToken.role).toBe('fineGrained');
    expect(tokenInfo.auth.accessToken.displayName).toBe('hub-cli');
    expect([tokenInfo.name, tokenInfo.type, tokenInfo.fullname]).toEqual([
      'ada',
      'user',
      'Ada Lovelace',
    ]);
    expect(typeof tokenInfo.avatarUrl).toBe('string');
    expect(tokenInfo.orgs.map((org) => org.name)).toEqual(['acme']);
  });

  it('documents every route: list, read one, edit, refresh, delete', async () => {
    const created = await create(deploy);
    const { token, ...view } = created;
    expect(view.preview).toBe(`hf_…${token.slice(-4)}`);
    const one = await call('GET', `/api/settings/tokens/${created.id}`, adaWrite);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(view);
    const listed = (await (
      await call('GET', '/api/settings/tokens', adaWrite)
    ).json()) as PersonalTokenView[];
    expect(listed.find((entry) => entry.id === created.id)).toEqual(view);

    await call('GET', '/api/whoami-v2', token); // its principal is cached now
    const edited = await call('PATCH', `/api/settings/tokens/${created.id}`, adaWrite, {
      name: 'deploy (read only)',
      fineGrained: { global: ['repo.content.read'] },
    });
    expect(edited.status).toBe(200);
    const whoami = (await (await call('GET', '/api/whoami-v2', token)).json()) as {
      auth: { accessToken: { displayName: string; fineGrained: unknown } };
    };
    expect(whoami.auth.accessToken).toMatchObject({
      displayName: 'deploy (read only)',
      fineGrained: { global: ['repo.content.read'], scoped: [], canReadGatedRepos: false },
    });

    const refreshed = await call('POST', `/api/settings/tokens/${created.id}/refresh`, adaWrite);
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as CreatedPersonalToken;
    expect(next).toMatchObject({ id: created.id, name: 'deploy (read only)', role: 'fineGrained' });
    const stale = await call('GET', '/api/whoami-v2', token);
    expect([stale.status, stale.headers.get('x-error-message')]).toEqual([
      401,
      INVALID_CREDENTIALS,
    ]);
    expect((await call('GET', '/api/whoami-v2', next.token)).status).toBe(200);

    expect((await call('DELETE', `/api/settings/tokens/${created.id}`, adaWrite)).status).toBe(204);
    expect((await call('GET', '/api/whoami-v2', next.token)).status).toBe(401);
    expect((await call('GET', `/api/settings/tokens/${created.id}`, adaWrite)).status).toBe(404);
  });

  it('refuses a fine-grained token on the token routes, and bad bodies with a 400', async () => {
    const created = await create(deploy);
    for (const [method, path, body] of [
      ['GET', '/api/settings/tokens', undefined],
      ['GET', `/api/settings/tokens/${created.id}`, undefined],
      ['POST', '/api/settings/tokens', { name: 'wider', role: 'write' }],
      ['POST', `/api/settings/tokens/${created.id}/refresh`, undefined],
    ] as const) {
      const res = await call(method, path, created.token, body);
      expect([path, res.status, await res.json()]).toEqual([
        path,
        403,
        { error: 'Fine-grained tokens cannot be used for this operation' },
      ]);
    }
    const bad = await call('POST', '/api/settings/tokens', adaWrite, {
      name: 'x',
      role: 'fineGrained',
      fineGrained: {
        scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: ['user.webhooks.read'] }],
      },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "Permission 'user.webhooks.read' does not apply to a org",
    });
  });

  it('refuses an expired token', async () => {
    const created = await create({ name: 'short', role: 'read', expiresInDays: 7 });
    await app.dataSource.query(
      `UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [created.id],
    );
    const res = await call('GET', '/api/whoami-v2', created.token);
    expect([res.status, res.headers.get('x-error-message')]).toEqual([401, INVALID_CREDENTIALS]);
    const listed = (await (
      await call('GET', `/api/settings/tokens/${created.id}`, adaWrite)
    ).json()) as PersonalTokenView;
    expect(listed.expired).toBe(true);
  });

  it('answers cached principals with no statement, and writes last uses in one batch off the request path', async () => {
    const fine = await create(deploy);
    const { access_token: oauth } = await app.issue({
      kind: 'oauth',
      userId: ada,
      clientId: 'notebook',
      scopes: ['openid', 'profile'],
      orgIds: [],
      ttlSeconds: 600,
      withRefreshToken: false,
      idToken: false,
    });
    const recorder = app.service.app.get(TokenUsageRecorder);
    const requests = () => [
      call('GET', '/api/whoami-v2', fine.token),
      call('GET', '/api/whoami-v2', adaWrite),
      call('GET', '/oauth/userinfo', oauth),
    ];
    for (const res of await Promise.all(requests())) expect(res.status).toBe(200); // fills the cache
    await recorder.flush();

    const from = proxy.statements.length;
    for (let round = 0; round < 5; round += 1)
      for (const res of await Promise.all(requests())) expect(res.status).toBe(200);
    expect(tallyStatements(proxy.statements, from).byText).toEqual([]);

    const beforeFlush = proxy.statements.length;
    await recorder.flush();
    expect(tallyStatements(proxy.statements, beforeFlush).byText).toEqual([
      { text: 'UPDATE personal_access_tokens', count: 1 },
    ]);
    const [row] = await app.dataSource.query(
      'SELECT last_used_at, last_used_address, last_used_client FROM personal_access_tokens WHERE id = $1',
      [fine.id],
    );
    expect(row).toEqual({
      last_used_at: expect.any(Date),
      last_used_address: '127.0.0.0/24',
      last_used_client: 'node',
    });
  });

  it('keeps the grant with the cached principal after an account change', async () => {
    const created = await create(deploy);
    await app.service.app.get(PrincipalInvalidator).accountChanged(ada);
    const body = (await (await call('GET', '/api/whoami-v2', created.token)).json()) as {
      auth: { accessToken: { role: string } };
    };
    expect(body.auth.accessToken.role).toBe('fineGrained');
  });
});
