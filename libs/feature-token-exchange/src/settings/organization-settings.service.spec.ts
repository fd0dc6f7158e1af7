import { hashToken } from '@gatehouse/crypto';
import { ApiError } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { aTokenExchangeAppView } from '../testing/token-exchange-app-builders';
import { verifyAuditChain } from '../testing/verify-audit-chain';
import {
  createTokenExchangeTestKit,
  IDS,
  TokenExchangeTestKit,
} from '../testing/token-exchange-test-kit';

const principal = (userId: string, fields: Partial<Principal> = {}): Principal => ({
  tokenId: `token-of-${userId}`,
  kind: 'personal',
  user: {
    id: userId,
    username: userId,
    email: `${userId}@example.com`,
    fullname: userId,
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
  displayName: 'cli',
  createdAt: new Date(0),
  expiresAt: null,
  ...fields,
});

async function apiError(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return { code: (error as ApiError).code, message: (error as ApiError).message };
}

describe('organization token-exchange settings', () => {
  let kit: TokenExchangeTestKit;
  const alice = principal(IDS.alice);

  beforeEach(() => {
    kit = createTokenExchangeTestKit();
    kit.directory.addOrganization(IDS.acme, 'acme');
    kit.directory.addOrganization(IDS.other, 'other');
    kit.addUser(IDS.alice, 'alice');
    kit.addUser(IDS.bob, 'bob');
    kit.addMember(IDS.acme, IDS.alice, 'admin');
    kit.addMember(IDS.acme, IDS.bob, 'write');
    kit.addMember(IDS.other, IDS.bob, 'admin');
    kit.addExchangeApp('acme-app', 'acme-secret', IDS.acme, { tokenExchangeTtlSeconds: null });
    kit.addExchangeApp('other-app', 'other-secret', IDS.other);
  });

  it("lists the organization's token-exchange apps with their durations", async () => {
    expect(await kit.settings.listApps(alice, 'ACME')).toEqual([
      aTokenExchangeAppView({
        clientId: 'acme-app',
        name: 'acme-app',
        scopes: ['openid', 'profile', 'email', 'read-repos', 'write-repos'],
        tokenDurationSeconds: 28_800,
        hasClientSecret: true,
        updatedAt: '2025-01-01T00:00:00.000Z',
      }),
    ]);
  });

  it('sets a duration between 5 minutes and 30 days, audited', async () => {
    expect(await kit.settings.setTokenDuration(alice, 'acme', 'acme-app', 300)).toMatchObject({
      tokenDurationSeconds: 300,
    });
    expect(await kit.settings.setTokenDuration(alice, 'acme', 'acme-app', 2_592_000)).toMatchObject(
      { tokenDurationSeconds: 2_592_000 },
    );
    expect(kit.clients.apps[0]!.tokenExchangeTtlSeconds).toBe(2_592_000);
    expect(
      kit.auditStore.of(IDS.acme).map((e) => [e.action, e.actorUserId, e.clientId, e.detail]),
    ).toEqual([
      [
        'settings.token_duration_changed',
        IDS.alice,
        'acme-app',
        { previousSeconds: 28_800, tokenDurationSeconds: 300 },
      ],
      [
        'settings.token_duration_changed',
        IDS.alice,
        'acme-app',
        { previousSeconds: 300, tokenDurationSeconds: 2_592_000 },
      ],
    ]);
  });

  it.each([
    [299, 'tokenDurationSeconds must be at least 300 seconds (5 minutes)'],
    [2_592_001, 'tokenDurationSeconds must be at most 2592000 seconds (30 days)'],
    [3600.5, 'tokenDurationSeconds must be a whole number of seconds'],
    ['8h', 'tokenDurationSeconds must be a whole number of seconds'],
  ])('refuses %p', async (seconds, message) => {
    expect(
      await apiError(kit.settings.setTokenDuration(alice, 'acme', 'acme-app', seconds)),
    ).toEqual({ code: 'bad_request', message });
    expect(kit.clients.apps[0]!.tokenExchangeTtlSeconds).toBeNull();
    expect(kit.auditStore.entries).toEqual([]);
  });

  it('refreshes the client secret: the old one stops working, the new one is shown once and stored hashed', async () => {
    const { clientId, clientSecret } = await kit.settings.refreshClientSecret(
      alice,
      'acme',
      'acme-app',
    );
    expect(clientId).toBe('acme-app');
    expect(clientSecret).toMatch(/^[0-9A-Za-z]{40,}$/);
    expect(kit.clients.apps[0]!.clientSecretHash).toBe(hashToken(clientSecret));
    const [entry] = kit.auditStore.of(IDS.acme);
    expect(entry).toMatchObject({
      action: 'settings.client_secret_refreshed',
      actorUserId: IDS.alice,
      detail: { hadClientSecret: true },
    });
    expect(JSON.stringify(kit.auditStore.entries)).not.toContain(clientSecret);
    expect(JSON.stringify(kit.outbox.messages)).not.toContain(clientSecret);
    expect(verifyAuditChain(kit.auditStore.of(IDS.acme))).toEqual({ intact: true, checked: 1 });
  });

  describe('who may', () => {
    it.each([
      [
        'a write member who is not admin, as an outsider',
        principal(IDS.bob),
        'not_found',
        'Organization acme not found',
      ],
      [
        'an admin with a read token',
        principal(IDS.alice, { role: 'read' }),
        'forbidden',
        'This token is read-only',
      ],
      [
        'an OAuth token of an admin',
        principal(IDS.alice, { kind: 'oauth', role: null, scopes: ['read-memberships'] }),
        'forbidden',
        'Organization settings need a personal access token',
      ],
      [
        'an exchange token of an admin',
        principal(IDS.alice, {
          kind: 'exchange',
          role: null,
          boundOrgId: IDS.acme,
          memberRole: 'admin',
        }),
        'forbidden',
        'Organization settings need a personal access token',
      ],
    ])('refuses %s', async (_case, caller, code, message) => {
      expect(
        await apiError(kit.settings.setTokenDuration(caller, 'acme', 'acme-app', 600)),
      ).toEqual({ code, message });
      expect(await apiError(kit.settings.refreshClientSecret(caller, 'acme', 'acme-app'))).toEqual({
        code,
        message,
      });
    });

    it('lets an admin with a read token list, not change', async () => {
      expect(
        await kit.settings.listApps(principal(IDS.alice, { role: 'read' }), 'acme'),
      ).toHaveLength(1);
    });

    it("keeps one organization's admin away from another's apps: to them it does not exist (cross-tenant)", async () => {
      expect(
        await apiError(kit.settings.setTokenDuration(alice, 'other', 'other-app', 600)),
      ).toEqual({ code: 'not_found', message: 'Organization other not found' });
      expect(
        await apiError(kit.settings.setTokenDuration(alice, 'acme', 'other-app', 600)),
      ).toEqual({
        code: 'not_found',
        message: 'No token-exchange app other-app in organization acme',
      });
      expect(
        await apiError(kit.settings.refreshClientSecret(alice, 'acme', 'other-app')),
      ).toMatchObject({ code: 'not_found' });
      expect(kit.clients.apps[1]!.clientSecretHash).toBe(hashToken('other-secret'));
    });

    it('answers not_found for an unknown organization', async () => {
      expect(await apiError(kit.settings.listApps(alice, 'nowhere'))).toEqual({
        code: 'not_found',
        message: 'Organization nowhere not found',
      });
    });
  });
});
