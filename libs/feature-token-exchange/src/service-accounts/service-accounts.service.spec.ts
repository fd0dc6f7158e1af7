import { ApiError } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import { InMemoryServiceAccountStore } from '../testing/in-memory-service-account.store';
import {
  createTokenExchangeTestKit,
  IDS,
  TokenExchangeTestKit,
} from '../testing/token-exchange-test-kit';
import { verifyAuditChain } from '../testing/verify-audit-chain';
import { OrganizationAdminGate } from '../settings/organization-admin-gate';
import type { AuthorizeRequest } from '../authorize/authorize-request';
import { ServiceAccountsService } from './service-accounts.service';

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

const orgWide = (permissions: string[]) => ({
  scoped: [{ entity: { type: 'org', name: 'acme' }, permissions }],
});
const acmeRepo: AuthorizeRequest['resource'] = {
  kind: 'repo',
  id: 'model/acme/bert',
  ownerType: 'org',
  ownerId: IDS.acme,
  private: true,
};

describe('organization service accounts', () => {
  let kit: TokenExchangeTestKit;
  let store: InMemoryServiceAccountStore;
  let accounts: ServiceAccountsService;
  const alice = principal(IDS.alice);
  const bob = principal(IDS.bob);

  beforeEach(() => {
    kit = createTokenExchangeTestKit();
    kit.directory.addOrganization(IDS.acme, 'acme');
    kit.directory.addOrganization(IDS.other, 'other');
    kit.addUser(IDS.alice, 'alice');
    kit.addUser(IDS.bob, 'bob');
    kit.addMember(IDS.acme, IDS.alice, 'admin');
    kit.addMember(IDS.other, IDS.bob, 'admin');
    store = new InMemoryServiceAccountStore({
      addUser: (account, role) => {
        const taken = kit.accounts.users.some(
          (user) => user.username.toLowerCase() === account.username.toLowerCase(),
        );
        if (taken) return false;
        kit.accounts.addUser({ id: account.id, username: account.username });
        const org = kit.directory.organizations.find((o) => o.id === account.orgId)!;
        kit.accounts.addMembership(account.id, org, role);
        return true;
      },
      removeUser: (id) => {
        kit.accounts.users.splice(
          kit.accounts.users.findIndex((user) => user.id === id),
          1,
        );
      },
      personalTokens: kit.tokens.personalTokens,
    });
    accounts = new ServiceAccountsService(
      new OrganizationAdminGate(kit.directory),
      store,
      kit.audit,
      kit.transactions,
      kit.random,
      kit.principals,
      kit.clock,
    );
  });

  const decide = (
    token: string,
    permission: AuthorizeRequest['permission'],
    resource: AuthorizeRequest['resource'] = acmeRepo,
  ) => kit.decisions.decide({ token, permission, resource });

  it('creates an account named <org>+<name>, with a write membership, audited', async () => {
    const created = await accounts.create(alice, 'acme', { name: 'ci', displayName: 'CI' });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'ci',
      username: 'acme+ci',
      displayName: 'CI',
      role: 'write',
      createdAt: '2026-01-01T12:00:00.000Z',
    });
    expect(await kit.accounts.membershipsOf(created.id)).toEqual([
      expect.objectContaining({
        role: 'write',
        organization: expect.objectContaining({ id: IDS.acme }),
      }),
    ]);
    expect(await accounts.list(alice, 'acme')).toEqual([created]);
    expect(kit.auditStore.entries).toEqual([
      expect.objectContaining({
        orgId: IDS.acme,
        action: 'org.service_account.created',
        actorUserId: IDS.alice,
        subject: 'acme+ci',
      }),
    ]);
  });

  it('refuses a taken name (409) and a bad one (400)', async () => {
    await accounts.create(alice, 'acme', { name: 'ci' });
    expect(await apiError(accounts.create(alice, 'acme', { name: 'CI' }))).toEqual({
      code: 'conflict',
      message: 'A service account named CI already exists in acme',
    });
    expect((await apiError(accounts.create(alice, 'acme', { name: 'a/b' }))).code).toBe(
      'bad_request',
    );
  });

  it('is changed by an admin’s personal write token, never by a fine-grained one', async () => {
    const fineGrainedAdmin = principal(IDS.alice, {
      role: 'fineGrained',
      fineGrained: {
        global: [],
        scoped: [
          {
            entity: { type: 'org', id: IDS.acme, name: 'acme' },
            permissions: ['org.read', 'org.write'],
          },
        ],
        canReadGatedRepos: false,
      },
    });
    expect(await accounts.list(fineGrainedAdmin, 'acme')).toEqual([]);
    expect(await apiError(accounts.create(fineGrainedAdmin, 'acme', { name: 'ci' }))).toEqual({
      code: 'forbidden',
      message: 'Service accounts are managed with a personal write token or the browser session',
    });
    expect(
      (
        await apiError(
          accounts.create(principal(IDS.alice, { role: 'read' }), 'acme', { name: 'ci' }),
        )
      ).code,
    ).toBe('forbidden');
  });

  it('hides one organization’s accounts from another’s admins (cross-tenant)', async () => {
    const created = await accounts.create(alice, 'acme', { name: 'ci' });
    expect((await apiError(accounts.list(bob, 'acme'))).code).toBe('not_found');
    expect((await apiError(accounts.get(bob, 'other', created.id))).code).toBe('not_found');
    expect((await apiError(accounts.delete(bob, 'other', created.id))).code).toBe('not_found');
  });

  it('creates a token that acts in the organization only, capped by the account’s role', async () => {
    const account = await accounts.create(alice, 'acme', { name: 'ci' });
    const token = await accounts.createToken(alice, 'acme', account.id, {
      name: 'release',
      fineGrained: orgWide(['repo.write']),
      expiresInDays: 30,
    });
    expect(token).toMatchObject({
      name: 'release',
      token: expect.stringMatching(/^hf_/),
      expiresAt: '2026-01-31T12:00:00.000Z',
      fineGrained: {
        global: [],
        scoped: [
          { entity: { _id: IDS.acme, type: 'org', name: 'acme' }, permissions: ['repo.write'] },
        ],
      },
    });
    expect((await decide(token.token, 'repo.write')).allow).toBe(true);
    expect(
      (await decide(token.token, 'repo.write', { ...acmeRepo, ownerId: IDS.other })).allow,
    ).toBe(false);
    expect((await decide(token.token, 'org.write', { ...acmeRepo, kind: 'org' })).allow).toBe(
      false,
    );
    expect((await accounts.get(alice, 'acme', account.id)).tokens).toEqual([
      expect.objectContaining({ id: token.id, preview: token.preview }),
    ]);
    // Written with the creating administrator's approval: it never waits under require_approval.
    expect(store.approvals.get(token.id)).toEqual({
      orgId: IDS.acme,
      approvedBy: IDS.alice,
      at: expect.any(Date),
    });
  });

  it('rotates a token: the cached old value is refused at once, the new one keeps the permissions', async () => {
    const account = await accounts.create(alice, 'acme', { name: 'ci' });
    const first = await accounts.createToken(alice, 'acme', account.id, {
      name: 'release',
      fineGrained: orgWide(['repo.content.read']),
    });
    expect((await decide(first.token, 'repo.content.read')).allow).toBe(true);
    const rotated = await accounts.rotateToken(alice, 'acme', account.id, first.id);
    expect(rotated).toMatchObject({
      id: first.id,
      name: 'release',
      fineGrained: first.fineGrained,
    });
    expect(await decide(first.token, 'repo.content.read')).toEqual({
      allow: false,
      reason: 'token is not active',
      principal: null,
    });
    expect((await decide(rotated.token, 'repo.content.read')).allow).toBe(true);
  });

  it('deleting the account revokes every token; the audit chain holds every change', async () => {
    const account = await accounts.create(alice, 'acme', { name: 'ci' });
    const kept = await accounts.createToken(alice, 'acme', account.id, {
      name: 'kept',
      fineGrained: orgWide(['repo.content.read']),
    });
    const dropped = await accounts.createToken(alice, 'acme', account.id, {
      name: 'dropped',
      fineGrained: orgWide(['repo.content.read']),
    });
    await accounts.rotateToken(alice, 'acme', account.id, kept.id);
    await accounts.deleteToken(alice, 'acme', account.id, dropped.id);
    expect((await decide(dropped.token, 'repo.content.read')).principal).toBeNull();
    const survivor = (await accounts.get(alice, 'acme', account.id)).tokens;
    expect(survivor.map((token) => token.name)).toEqual(['kept']);
    const live = kit.tokens.personalTokens.find((token) => token.id === kept.id)!;
    await accounts.delete(alice, 'acme', account.id);
    expect(kit.tokens.personalTokens.some((token) => token.tokenHash === live.tokenHash)).toBe(
      false,
    );
    expect((await apiError(accounts.get(alice, 'acme', account.id))).code).toBe('not_found');
    expect(kit.auditStore.entries.map((entry) => entry.action)).toEqual([
      'org.service_account.created',
      'org.service_account_token.created',
      'org.service_account_token.created',
      'org.service_account_token.rotated',
      'org.service_account_token.deleted',
      'org.service_account.deleted',
    ]);
    expect(verifyAuditChain(kit.auditStore.entries)).toMatchObject({ intact: true });
  });
});
