import { AccountRepository } from '@gatehouse/persistence';
import {
  basicAuth,
  postForm,
  privateOrgRepo,
  startTokenExchangeTestApps,
  TEST_USER_EMAIL_TOKEN_TYPE,
  TokenExchangeTestApps,
} from '../testing/token-exchange-test-app';

const BASE = '/api/organizations/acme/settings/service-accounts';

describe('organization service accounts on PostgreSQL', () => {
  let apps: TokenExchangeTestApps;
  const ids = { acme: '', other: '', alice: '', bob: '', carol: '' };
  const tokens = { aliceWrite: '', aliceRead: '', bobWrite: '', carolWrite: '' };

  beforeAll(async () => {
    apps = await startTokenExchangeTestApps();
    ids.acme = (await apps.seedOrg('acme')).id;
    ids.other = (await apps.seedOrg('other')).id;
    ids.alice = (await apps.seedUser('alice')).id;
    ids.bob = (await apps.seedUser('bob')).id;
    ids.carol = (await apps.seedUser('carol')).id;
    await apps.seedMembership(ids.acme, ids.alice, 'admin');
    await apps.seedMembership(ids.acme, ids.bob, 'write');
    await apps.seedMembership(ids.other, ids.carol, 'admin');
    tokens.aliceWrite = await apps.seedPersonalToken(ids.alice, 'write');
    tokens.aliceRead = await apps.seedPersonalToken(ids.alice, 'read');
    tokens.bobWrite = await apps.seedPersonalToken(ids.bob, 'write');
    tokens.carolWrite = await apps.seedPersonalToken(ids.carol, 'write');
  });

  afterAll(async () => {
    await apps?.close();
  });

  const api = (path: string, token: string | null, init: RequestInit = {}) =>
    fetch(`${apps.serviceUrl}${path}`, {
      ...init,
      headers: {
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    });
  const post = (path: string, token: string, body?: unknown) =>
    api(path, token, { method: 'POST', ...(body !== undefined && { body: JSON.stringify(body) }) });
  const authorize = async (token: string, permission: string, resource: object) => {
    const res = await apps.authorize({ token, permission, resource });
    expect(res.status).toBe(200);
    return (await res.json()) as { allow: boolean; reason: string; principal: unknown };
  };
  const createAccount = async (name: string) => {
    const res = await post(BASE, tokens.aliceWrite, { name });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; username: string };
  };
  const createToken = async (accountId: string, fineGrained: unknown, name = 'ci') => {
    const res = await post(`${BASE}/${accountId}/tokens`, tokens.aliceWrite, { name, fineGrained });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; token: string; preview: string };
  };
  const orgWide = (permissions: string[]) => ({
    scoped: [{ entity: { type: 'org', name: 'acme' }, permissions }],
  });

  it('lets an admin create a service account, named apart from every user and organization', async () => {
    const res = await post(BASE, tokens.aliceWrite, { name: 'deploy', displayName: 'Deploy bot' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'deploy',
      username: 'acme+deploy',
      displayName: 'Deploy bot',
      role: 'write',
      createdAt: expect.any(String),
    });
    const list = await api(BASE, tokens.aliceRead);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ serviceAccounts: [created] });
    const [membership] = await apps.dataSource.query(
      'SELECT role FROM memberships WHERE org_id = $1 AND user_id = $2',
      [ids.acme, created.id],
    );
    expect(membership).toEqual({ role: 'write' });
    expect(
      await new AccountRepository(apps.dataSource.manager).findUserByLogin('acme+deploy'),
    ).toBeNull();
  });

  it('refuses a taken name with 409 and a bad one with 400, in the API error shape', async () => {
    await createAccount('twice');
    const again = await post(BASE, tokens.aliceWrite, { name: 'twice' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: 'A service account named twice already exists in acme',
    });
    const bad = await post(BASE, tokens.aliceWrite, { name: '-bad name' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-error-message')).toMatch(/^name must start with a letter or digit/);
  });

  it.each([
    ['a member who is not an admin, as an outsider', 'bobWrite', 'GET', 404],
    ['a member who is not an admin, as an outsider', 'bobWrite', 'POST', 404],
    ['an admin with a read token', 'aliceRead', 'POST', 403],
    ['an outsider (another organization’s admin)', 'carolWrite', 'GET', 404],
    ['an outsider (another organization’s admin)', 'carolWrite', 'POST', 404],
    ['nobody', null, 'GET', 401],
  ] as const)('answers %s (%s, %s) with %i', async (_who, who, method, status) => {
    const res = await api(BASE, who ? tokens[who] : null, {
      method,
      ...(method === 'POST' && { body: JSON.stringify({ name: 'intruder' }) }),
    });
    expect(res.status).toBe(status);
  });

  it('keeps another organization’s service accounts out of reach (cross-tenant)', async () => {
    const account = await createAccount('private-bot');
    const theirs = await api(
      `/api/organizations/other/settings/service-accounts/${account.id}`,
      tokens.carolWrite,
    );
    expect(theirs.status).toBe(404);
    const deleteThere = await api(
      `/api/organizations/other/settings/service-accounts/${account.id}`,
      tokens.carolWrite,
      { method: 'DELETE' },
    );
    expect(deleteThere.status).toBe(404);
    expect((await api(`${BASE}/${account.id}`, tokens.aliceRead)).status).toBe(200);
  });

  it('creates a token whose value is shown once and that acts in the organization only', async () => {
    const account = await createAccount('ci');
    const created = await createToken(
      account.id,
      {
        scoped: [
          { entity: { type: 'org', name: 'acme' }, permissions: ['repo.content.read'] },
          { entity: { type: 'model', name: 'acme/bert' }, permissions: ['repo.write'] },
        ],
      },
      'release',
    );
    expect(created.token).toMatch(/^hf_/);
    expect(created.preview).toBe(`hf_…${created.token.slice(-4)}`);
    const detail = await (await api(`${BASE}/${account.id}`, tokens.aliceRead)).json();
    expect(JSON.stringify(detail)).not.toContain(created.token);
    expect(detail.tokens).toEqual([
      expect.objectContaining({ id: created.id, name: 'release', preview: created.preview }),
    ]);

    const write = await authorize(
      created.token,
      'repo.write',
      privateOrgRepo(ids.acme, 'model/acme/bert'),
    );
    expect(write).toMatchObject({
      allow: true,
      principal: { userId: account.id, role: 'fineGrained' },
    });
    expect(
      (
        await authorize(
          created.token,
          'repo.content.read',
          privateOrgRepo(ids.acme, 'model/acme/gpt'),
        )
      ).allow,
    ).toBe(true);
    expect(
      (await authorize(created.token, 'repo.write', privateOrgRepo(ids.acme, 'model/acme/gpt')))
        .allow,
    ).toBe(false);
    expect(
      (
        await authorize(
          created.token,
          'repo.content.read',
          privateOrgRepo(ids.other, 'model/other/bert'),
        )
      ).allow,
    ).toBe(false);
  });

  it.each([
    [{ global: ['repo.content.read'] }, 'fineGrained.global'],
    [
      { scoped: [{ entity: { type: 'org', name: 'other' }, permissions: ['repo.content.read'] }] },
      'A service account of acme acts in acme only, not in other',
    ],
    [
      { scoped: [{ entity: { type: 'model', name: 'other/bert' }, permissions: ['repo.write'] }] },
      'A service account of acme reaches its repositories only, not other/bert',
    ],
    [
      { scoped: [{ entity: { type: 'user', name: 'alice' }, permissions: ['repo.write'] }] },
      'A service account token takes no user entry',
    ],
  ])('refuses a grant beyond the organization with 400 (%#)', async (fineGrained, message) => {
    const account = await createAccount(`narrow-${message.length}-${Object.keys(fineGrained)[0]}`);
    const res = await post(`${BASE}/${account.id}/tokens`, tokens.aliceWrite, {
      name: 'wide',
      fineGrained,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-error-message')).toContain(
      message === 'fineGrained.global' ? 'A service account has no account of its own' : message,
    );
  });

  it('acts at once under require_approval: a token comes with its creating admin’s approval', async () => {
    const policy = (value: string) =>
      api('/api/organizations/acme/settings/token-policy', tokens.aliceWrite, {
        method: 'PUT',
        body: JSON.stringify({ policy: value }),
      });
    expect((await policy('require_approval')).status).toBe(200);
    try {
      const account = await createAccount('approved-at-birth');
      const created = await createToken(account.id, orgWide(['repo.content.read']));
      expect(
        (
          await authorize(
            created.token,
            'repo.content.read',
            privateOrgRepo(ids.acme, 'model/acme/bert'),
          )
        ).allow,
      ).toBe(true);
      const listed = (await (
        await api('/api/organizations/acme/settings/tokens', tokens.aliceWrite)
      ).json()) as {
        tokens: Array<{ id: string; approval: { state: string; decidedBy: unknown } }>;
      };
      expect(listed.tokens.find((token) => token.id === created.id)?.approval).toMatchObject({
        state: 'approved',
      });
    } finally {
      expect((await policy('allow_all')).status).toBe(200);
    }
  });

  it('rotates a token: the old value is dead at once, the new one has the same permissions', async () => {
    const account = await createAccount('rotator');
    const created = await createToken(account.id, orgWide(['repo.content.read']));
    const resource = privateOrgRepo(ids.acme, 'model/acme/bert');
    expect((await authorize(created.token, 'repo.content.read', resource)).allow).toBe(true);

    const res = await post(`${BASE}/${account.id}/tokens/${created.id}/rotate`, tokens.aliceWrite);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rotated = (await res.json()) as { id: string; token: string };
    expect(rotated.id).toBe(created.id);
    expect(rotated.token).not.toBe(created.token);
    expect(await authorize(created.token, 'repo.content.read', resource)).toEqual({
      allow: false,
      reason: 'token is not active',
      principal: null,
    });
    expect((await authorize(rotated.token, 'repo.content.read', resource)).allow).toBe(true);
  });

  it('deletes a token, and deleting the account revokes every token it held', async () => {
    const account = await createAccount('short-lived');
    const first = await createToken(account.id, orgWide(['repo.content.read']), 'first');
    const second = await createToken(account.id, orgWide(['repo.content.read']), 'second');
    const resource = privateOrgRepo(ids.acme, 'model/acme/bert');
    expect((await authorize(first.token, 'repo.content.read', resource)).allow).toBe(true);
    expect((await authorize(second.token, 'repo.content.read', resource)).allow).toBe(true);

    const deleted = await api(`${BASE}/${account.id}/tokens/${first.id}`, tokens.aliceWrite, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(204);
    expect((await authorize(first.token, 'repo.content.read', resource)).principal).toBeNull();
    expect((await authorize(second.token, 'repo.content.read', resource)).allow).toBe(true);

    const gone = await api(`${BASE}/${account.id}`, tokens.aliceWrite, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect((await authorize(second.token, 'repo.content.read', resource)).principal).toBeNull();
    expect((await api(`${BASE}/${account.id}`, tokens.aliceRead)).status).toBe(404);
  });

  it('cannot be reached by token exchange through its placeholder address', async () => {
    const account = await createAccount('no-exchange');
    await apps.seedExchangeApp('acme-exchange', 'acme-exchange-secret-0123456789', ids.acme);
    const res = await postForm(
      `${apps.authUrl}/oauth/token`,
      {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: `${account.id}@service-accounts.invalid`,
        subject_token_type: TEST_USER_EMAIL_TOKEN_TYPE,
      },
      { Authorization: basicAuth('acme-exchange', 'acme-exchange-secret-0123456789') },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The user is not a member of the organization the app is bound to',
    });
  });

  it('renames an account’s display name, not its username', async () => {
    const account = await createAccount('renamed');
    const res = await api(`${BASE}/${account.id}`, tokens.aliceWrite, {
      method: 'PATCH',
      body: JSON.stringify({ displayName: 'Nightly jobs' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      username: 'acme+renamed',
      displayName: 'Nightly jobs',
    });
  });

  it('writes every change to the organization’s audit log, whose chain verifies', async () => {
    const account = await createAccount('audited');
    const token = await createToken(account.id, orgWide(['repo.content.read']));
    await post(`${BASE}/${account.id}/tokens/${token.id}/rotate`, tokens.aliceWrite);
    await api(`${BASE}/${account.id}/tokens/${token.id}`, tokens.aliceWrite, { method: 'DELETE' });
    await api(`${BASE}/${account.id}`, tokens.aliceWrite, { method: 'DELETE' });

    const log = await api(
      '/api/organizations/acme/audit-log?subject=acme%2Baudited',
      tokens.aliceRead,
    );
    const { entries } = (await log.json()) as {
      entries: Array<{ action: string; actorUserId: string; detail: Record<string, unknown> }>;
    };
    expect(entries.map((entry) => entry.action).reverse()).toEqual([
      'org.service_account.created',
      'org.service_account_token.created',
      'org.service_account_token.rotated',
      'org.service_account_token.deleted',
      'org.service_account.deleted',
    ]);
    expect(entries.every((entry) => entry.actorUserId === ids.alice)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(token.token);
    const verify = await api('/api/organizations/acme/audit-log/verify', tokens.aliceRead);
    expect(await verify.json()).toMatchObject({ intact: true });
  });
});
