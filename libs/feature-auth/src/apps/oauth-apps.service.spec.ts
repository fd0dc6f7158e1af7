import { hashToken } from '@gatehouse/crypto';
import { ApiError } from '@gatehouse/domain';
import { Principal } from '@gatehouse/identity';
import { createIdentityTestKit, IdentityTestKit } from '@gatehouse/identity/testing';
import { parseOrThrow } from '@gatehouse/platform';
import { createAppSchema, updateAppSchema } from './app-input';
import { AppManagers } from './app-managers';
import { OAuthAppsService } from './oauth-apps.service';
import { InMemoryOAuthAppStore } from '../testing/in-memory-oauth-app.store';
import { anOAuthAppView } from '../testing/oauth-app-builders';

const ALICE = 'a'.repeat(24);
const BOB = 'b'.repeat(24);
const ACME = '1'.repeat(24);

const principal = (
  userId: string,
  username: string,
  fields: Partial<Principal> = {},
): Principal => ({
  tokenId: `t-${username}`,
  kind: 'personal',
  user: {
    id: userId,
    username,
    email: `${username}@example.com`,
    fullname: username,
    isPro: false,
    avatarUrl: null,
  },
  scopes: [],
  role: 'write',
  clientId: null,
  grantedOrgIds: [],
  boundOrgId: null,
  memberRole: null,
  repo: null,
  displayName: 'token',
  createdAt: new Date(0),
  expiresAt: null,
  ...fields,
});

describe('OAuthAppsService', () => {
  let kit: IdentityTestKit;
  let store: InMemoryOAuthAppStore;
  let service: OAuthAppsService;
  const alice = principal(ALICE, 'alice');
  const bob = principal(BOB, 'bob');

  beforeEach(() => {
    kit = createIdentityTestKit();
    store = new InMemoryOAuthAppStore();
    kit.accounts.addMembership(ALICE, { id: ACME, name: 'acme' }, 'admin');
    kit.accounts.addMembership(BOB, { id: ACME, name: 'acme' }, 'write');
    service = new OAuthAppsService(store, new AppManagers(kit.accounts), kit.random, kit.clock);
  });

  const create = (who: Principal, body: unknown) =>
    service.create(who, parseOrThrow(createAppSchema, body, 'api', 'body'));

  async function apiFailure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
    const error = await promise.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ApiError);
    return { code: (error as ApiError).code, message: (error as ApiError).message };
  }

  it('creates a confidential app and shows its secret once', async () => {
    const created = await create(alice, {
      name: 'Web',
      redirectUris: ['https://app.example/cb', 'http://127.0.0.1/cb', 'myapp:/cb'],
      scopes: ['openid', 'read-repos'],
    });
    expect(created.app).toEqual(
      anOAuthAppView({
        id: expect.stringMatching(/^a{8}\d{16}$/),
        clientId: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
        name: 'Web',
        owner: { type: 'user', name: 'alice' },
        redirectUris: ['https://app.example/cb', 'http://127.0.0.1/cb', 'myapp:/cb'],
        scopes: ['openid', 'read-repos'],
        public: false,
        createdAt: new Date(kit.clock.now()).toISOString(),
        updatedAt: new Date(kit.clock.now()).toISOString(),
      }),
    );
    expect(store.apps[0]!.clientSecretHash).toBe(hashToken(created.clientSecret!));
    expect(await service.get(alice, created.app.clientId)).toEqual(created.app);
  });

  it('keeps a homepage, https only, and changes it on update', async () => {
    const created = await create(alice, { name: 'Site', homepageUrl: 'https://site.example' });
    expect(created.app.homepageUrl).toBe('https://site.example');
    const updated = await service.update(alice, created.app.clientId, {
      homepageUrl: 'https://site.example/about',
    });
    expect(updated.homepageUrl).toBe('https://site.example/about');
    expect(
      createAppSchema.safeParse({ name: 'Site', homepageUrl: 'http://site.example' }).error
        ?.issues[0]?.message,
    ).toBe('Must be an https URL');
  });

  it('creates a public app without a secret', async () => {
    const created = await create(alice, { name: 'CLI', public: true });
    expect(created.clientSecret).toBeUndefined();
    expect(created.app.public).toBe(true);
    expect(store.apps[0]!.clientSecretHash).toBeNull();
  });

  it('lets an organization admin create, see and manage the organization app; other members see nothing', async () => {
    const created = await create(alice, { name: 'Acme app', owner: 'ACME' });
    expect(created.app.owner).toEqual({ type: 'org', name: 'acme' });
    expect((await service.list(alice)).map((app) => app.name)).toEqual(['Acme app']);
    expect(await service.list(bob)).toEqual([]);
    expect(await apiFailure(service.get(bob, created.app.clientId))).toEqual({
      code: 'not_found',
      message: 'OAuth app not found',
    });
    expect(await apiFailure(create(bob, { name: 'x', owner: 'acme' }))).toEqual({
      code: 'forbidden',
      message: 'You are not an admin of the organization acme',
    });
  });

  it('answers 404 for another user app, whatever the operation (cross-tenant)', async () => {
    const { app } = await create(alice, { name: 'Mine' });
    for (const attempt of [
      service.get(bob, app.clientId),
      service.update(bob, app.clientId, { name: 'Stolen' }),
      service.remove(bob, app.clientId),
      service.newClientSecret(bob, app.clientId),
      service.deleteClientSecret(bob, app.clientId),
    ]) {
      expect(await apiFailure(attempt)).toEqual({
        code: 'not_found',
        message: 'OAuth app not found',
      });
    }
    expect(store.apps[0]!.name).toBe('Mine');
  });

  it('updates the fields given and nothing else', async () => {
    const { app } = await create(alice, {
      name: 'Web',
      redirectUris: ['https://a.example/cb'],
      scopes: ['openid'],
    });
    kit.clock.advance(1000);
    const updated = await service.update(
      alice,
      app.clientId,
      parseOrThrow(
        updateAppSchema,
        { redirectUris: ['https://b.example/cb'], accessTokenTtlSeconds: 3600 },
        'api',
      ),
    );
    expect(updated).toMatchObject({
      name: 'Web',
      redirectUris: ['https://b.example/cb'],
      scopes: ['openid'],
      accessTokenTtlSeconds: 3600,
      updatedAt: new Date(kit.clock.now()).toISOString(),
    });
  });

  it('refreshes the secret (the old one stops matching) and deletes it (the app becomes public)', async () => {
    const { app, clientSecret } = await create(alice, { name: 'Web' });
    const refreshed = await service.newClientSecret(alice, app.clientId);
    expect(refreshed.clientSecret).not.toBe(clientSecret);
    expect(store.apps[0]!.clientSecretHash).toBe(hashToken(refreshed.clientSecret));
    expect((await service.deleteClientSecret(alice, app.clientId)).public).toBe(true);
    expect(store.apps[0]!.clientSecretHash).toBeNull();
    const again = await service.newClientSecret(alice, app.clientId);
    expect(again.app.public).toBe(false);
  });

  it('deletes an app', async () => {
    const { app } = await create(alice, { name: 'Web' });
    await service.remove(alice, app.clientId);
    expect(store.deleted).toEqual([app.clientId]);
    expect(await service.list(alice)).toEqual([]);
  });

  it('refuses OAuth tokens: apps are managed with a personal access token', async () => {
    const oauth = principal(ALICE, 'alice', {
      kind: 'oauth',
      scopes: ['openid'],
      clientId: 'x',
      role: null,
    });
    expect(await apiFailure(service.list(oauth))).toEqual({
      code: 'forbidden',
      message: 'Managing OAuth apps needs a personal access token',
    });
  });

  it.each([
    [{ name: '' }, 'Invalid "name": Must not be empty'],
    [
      { name: 'x', redirectUris: ['http://app.example/cb'] },
      'Invalid "redirectUris.0": "http://app.example/cb" must use https unless its host is localhost, 127.0.0.1 or [::1]',
    ],
    [
      { name: 'x', redirectUris: ['https://app.example/cb#frag'] },
      'Invalid "redirectUris.0": "https://app.example/cb#frag" must be an absolute URI without a fragment',
    ],
    [
      { name: 'x', redirectUris: ['javascript:alert(1)'] },
      'Invalid "redirectUris.0": "javascript:alert(1)" must not use the javascript scheme',
    ],
    [{ name: 'x', scopes: ['admin'] }, 'Invalid "scopes.0": Unknown scope "admin"'],
    [
      { name: 'x', accessTokenTtlSeconds: 60 },
      'Invalid "accessTokenTtlSeconds": Must be at least 300 seconds (5 minutes)',
    ],
    [
      { name: 'x', clientSecret: 'mine' },
      'Invalid "clientSecret": Unrecognized key: "clientSecret"',
    ],
  ])('validates %j', (body, message) => {
    expect(() => parseOrThrow(createAppSchema, body, 'api', 'body')).toThrow(message);
  });

  it('refuses an empty update', () => {
    expect(() => parseOrThrow(updateAppSchema, {}, 'api', 'body')).toThrow(
      'Invalid body: Nothing to update',
    );
  });
});
