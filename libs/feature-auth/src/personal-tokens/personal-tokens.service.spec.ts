import { ApiError } from '@gatehouse/domain';
import type { Principal } from '@gatehouse/identity';
import {
  aFineGrainedGrant,
  aPersonalTokenRecord,
  createIdentityTestKit,
  IdentityTestKit,
} from '@gatehouse/identity/testing';
import { InMemoryPersonalTokenStore } from '../testing/in-memory-personal-token.store';
import { InMemoryTokenApprovalReader } from '../testing/in-memory-token-approval.reader';
import { aPersonalTokenView } from '../testing/personal-token-view-builders';
import { PersonalTokensService } from './personal-tokens.service';

const ADA = '65a000000000000000000001';
const BOB = '65a000000000000000000002';
const ACME = '65a0000000000000000000f1';
const DAY = 86_400_000;

describe('PersonalTokensService', () => {
  let kit: IdentityTestKit;
  let service: PersonalTokensService;
  let approvals: InMemoryTokenApprovalReader;

  beforeEach(() => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: ADA, username: 'ada' });
    kit.accounts.addUser({ id: BOB, username: 'bob' });
    kit.accounts.addMembership(ADA, { id: ACME, name: 'acme' }, 'admin');
    service = new PersonalTokensService(
      new InMemoryPersonalTokenStore(kit.tokens.personalTokens),
      kit.random,
      kit.principals,
      kit.accounts,
      kit.clock,
      (approvals = new InMemoryTokenApprovalReader()),
    );
  });

  const now = () => new Date(kit.clock.now()).toISOString();

  async function personal(userId: string, role: 'read' | 'write'): Promise<Principal> {
    const token = `hf_${userId}${role}`.padEnd(40, 'Z');
    kit.tokens.personalTokens.push(
      aPersonalTokenRecord({
        id: `${userId.slice(0, 20)}${role === 'read' ? '0001' : '0002'}`,
        token,
        userId,
        name: `${role} token`,
        role,
        createdAt: new Date(kit.clock.now()),
      }),
    );
    return kit.bearer.authenticate(`Bearer ${token}`);
  }

  async function refusal(promise: Promise<unknown>): Promise<[string, string]> {
    const error = await promise.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    return [(error as ApiError).code, (error as ApiError).message];
  }

  it('creates a token shown once, stored as a hash, that authenticates', async () => {
    const created = await service.create(await personal(ADA, 'write'), {
      name: 'laptop',
      role: 'read',
    });
    expect(created).toEqual({
      ...aPersonalTokenView({ id: created.id, createdAt: now() }),
      preview: `hf_…${created.token.slice(-4)}`,
      token: expect.stringMatching(/^hf_[0-9A-Za-z]{22,}$/),
    });
    expect(JSON.stringify(kit.tokens.personalTokens)).not.toContain(created.token);
    expect(await kit.bearer.authenticate(`Bearer ${created.token}`)).toMatchObject({
      kind: 'personal',
      role: 'read',
      displayName: 'laptop',
      user: { id: ADA },
    });
  });

  it('shows the owner each organization’s approval state of a token scoped to it', async () => {
    const since = new Date(kit.clock.now() - DAY);
    approvals.rules.set(ADA, [
      {
        org: { id: ACME, name: 'acme' },
        policy: 'require_approval',
        approvalRequiredSince: since,
        decisions: {},
      },
    ]);
    const principal = await personal(ADA, 'write');
    const scoped = await service.create(principal, {
      name: 'deploy',
      role: 'fineGrained',
      fineGrained: {
        scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: ['repo.write'] }],
      },
    });
    const everywhere = await service.create(principal, { name: 'laptop', role: 'write' });
    expect(scoped.approvals).toEqual([
      { organization: { id: ACME, name: 'acme' }, state: 'pending' },
    ]);
    expect(everywhere.approvals).toEqual([]);

    approvals.rules.set(ADA, [
      {
        org: { id: ACME, name: 'acme' },
        policy: 'allow_all',
        approvalRequiredSince: null,
        decisions: { [scoped.id]: 'denied' },
      },
    ]);
    expect((await service.get(principal, scoped.id)).approvals).toEqual([
      { organization: { id: ACME, name: 'acme' }, state: 'denied' },
    ]);
  });

  it('creates a fine-grained token, its entities named by id, and an expiry', async () => {
    const created = await service.create(await personal(ADA, 'write'), {
      name: 'deploy',
      role: 'fineGrained',
      expiresInDays: 30,
      fineGrained: {
        global: ['repo.content.read'],
        scoped: [
          { entity: { type: 'org', name: 'ACME' }, permissions: ['repo.write', 'org.read'] },
          { entity: { type: 'user', name: 'ada' }, permissions: ['user.webhooks.write'] },
          { entity: { type: 'model', name: 'acme/bert' }, permissions: ['repo.write'] },
        ],
      },
    });
    expect(created.expiresAt).toBe(new Date(kit.clock.now() + 30 * DAY).toISOString());
    expect(created.fineGrained).toEqual({
      global: ['repo.content.read'],
      scoped: [
        {
          entity: { _id: ACME, type: 'org', name: 'acme' },
          permissions: ['repo.write', 'org.read'],
        },
        { entity: { _id: ADA, type: 'user', name: 'ada' }, permissions: ['user.webhooks.write'] },
        {
          entity: {
            _id: expect.stringMatching(/^[0-9a-f]{24}$/),
            type: 'model',
            name: 'acme/bert',
          },
          permissions: ['repo.write'],
        },
      ],
      canReadGatedRepos: false,
    });
    const principal = await kit.bearer.authenticate(`Bearer ${created.token}`);
    expect(principal).toMatchObject({
      role: 'fineGrained',
      expiresAt: new Date(created.expiresAt!),
    });
    expect(principal.fineGrained?.scoped[0]?.entity).toEqual({
      type: 'org',
      id: ACME,
      name: 'acme',
    });
  });

  it.each([
    [
      {
        role: 'fineGrained' as const,
        fineGrained: {
          scoped: [{ entity: { type: 'org', name: 'other' }, permissions: ['org.read'] }],
        },
      },
      'You are not a member of organization other',
    ],
    [
      {
        role: 'fineGrained' as const,
        fineGrained: {
          scoped: [{ entity: { type: 'user', name: 'bob' }, permissions: ['repo.write'] }],
        },
      },
      'A token can only be given permissions on your own account, not on user bob',
    ],
    [{ role: 'fineGrained' as const }, 'A fineGrained token needs its permissions'],
    [
      { role: 'write' as const, fineGrained: { global: ['repo.write'] } },
      'Only a fineGrained token takes permissions',
    ],
    [{ role: 'read' as const, expiresInDays: 5 }, 'expiresInDays must be one of 7, 30, 90'],
  ])('refuses %j with a 400', async (input, message) => {
    expect(
      await refusal(service.create(await personal(ADA, 'write'), { name: 'x', ...input })),
    ).toEqual(['bad_request', message]);
  });

  it('lists and reads the user’s live tokens without secrets', async () => {
    const ada = await personal(ADA, 'write');
    await personal(BOB, 'write');
    const created = await service.create(ada, { name: 'ci', role: 'write' });
    const { token: _value, ...view } = created;
    expect((await service.list(ada)).map((token) => token.name)).toEqual(['write token', 'ci']);
    expect(await service.get(ada, created.id)).toEqual(view);
    expect(JSON.stringify(await service.list(ada))).not.toContain(created.token);
  });

  it('shows the last use, when and coarsely where, once the batch is written', async () => {
    const ada = await personal(ADA, 'write');
    const created = await service.create(ada, { name: 'ci', role: 'read' });
    await kit.bearer.authenticate(`Bearer ${created.token}`, {
      address: '198.51.100.23',
      userAgent: 'curl/8.5.0',
    });
    await kit.usage.flush();
    expect(await service.get(ada, created.id)).toMatchObject({
      lastUsedAt: now(),
      lastUsedFrom: { address: '198.51.100.0/24', client: 'curl' },
    });
  });

  it('edits a fine-grained token’s name and permissions, seen on the next request', async () => {
    const ada = await personal(ADA, 'write');
    const created = await service.create(ada, {
      name: 'deploy',
      role: 'fineGrained',
      fineGrained: { global: ['repo.content.read'] },
    });
    await kit.bearer.authenticate(`Bearer ${created.token}`); // cached
    const edited = await service.update(ada, created.id, {
      name: 'deploy (acme)',
      fineGrained: {
        scoped: [{ entity: { type: 'org', name: 'acme' }, permissions: ['repo.write'] }],
      },
    });
    expect(edited).toMatchObject({ name: 'deploy (acme)', preview: created.preview });
    expect(await kit.bearer.authenticate(`Bearer ${created.token}`)).toMatchObject({
      displayName: 'deploy (acme)',
      fineGrained: aFineGrainedGrant({
        scoped: [{ entity: { type: 'org', id: ACME, name: 'acme' }, permissions: ['repo.write'] }],
      }),
    });
    const write = await service.create(ada, { name: 'w', role: 'write' });
    expect(
      await refusal(service.update(ada, write.id, { fineGrained: { global: ['repo.write'] } })),
    ).toEqual([
      'bad_request',
      'A write token has no permissions to edit: create a fine-grained token',
    ]);
  });

  it('refreshes a token: a new value, the same token, the old value refused at once', async () => {
    const ada = await personal(ADA, 'write');
    const created = await service.create(ada, {
      name: 'deploy',
      role: 'fineGrained',
      expiresInDays: 7,
      fineGrained: { global: ['repo.write'] },
    });
    await kit.bearer.authenticate(`Bearer ${created.token}`); // cached
    kit.clock.advance(DAY);
    const refreshed = await service.refresh(ada, created.id);
    expect(refreshed).toMatchObject({
      id: created.id,
      name: 'deploy',
      role: 'fineGrained',
      fineGrained: created.fineGrained,
      createdAt: now(),
      expiresAt: new Date(kit.clock.now() + 7 * DAY).toISOString(),
    });
    expect(refreshed.token).not.toBe(created.token);
    expect(refreshed.preview).toBe(`hf_…${refreshed.token.slice(-4)}`);
    await expect(kit.bearer.resolve(created.token)).resolves.toBeNull();
    expect(await kit.bearer.authenticate(`Bearer ${refreshed.token}`)).toMatchObject({
      tokenId: created.id,
      role: 'fineGrained',
    });
  });

  it('deletes a token, after which it no longer authenticates', async () => {
    const ada = await personal(ADA, 'write');
    const created = await service.create(ada, { name: 'ci', role: 'write' });
    await service.delete(ada, created.id);
    await expect(kit.bearer.resolve(created.token)).resolves.toBeNull();
    expect((await service.list(ada)).map((token) => token.id)).not.toContain(created.id);
  });

  it('answers 404 for another user’s token, an unknown id and a malformed id, on every route', async () => {
    const created = await service.create(await personal(ADA, 'write'), {
      name: 'ci',
      role: 'write',
    });
    const bob = await personal(BOB, 'write');
    const notFound = ['not_found', 'Access token not found'];
    for (const id of [created.id, '65a0000000000000000000ff', 'not-an-id']) {
      expect(await refusal(service.get(bob, id))).toEqual(notFound);
      expect(await refusal(service.update(bob, id, { name: 'mine' }))).toEqual(notFound);
      expect(await refusal(service.refresh(bob, id))).toEqual(notFound);
      expect(await refusal(service.delete(bob, id))).toEqual(notFound);
    }
    expect(await kit.bearer.resolve(created.token)).not.toBeNull();
  });

  it('never lets a read token create, change, refresh or delete tokens', async () => {
    const read = await personal(ADA, 'read');
    const forbidden = (verb: string) => ['forbidden', `A read token cannot ${verb} access tokens`];
    expect(await refusal(service.create(read, { name: 'x', role: 'read' }))).toEqual(
      forbidden('create'),
    );
    expect(await refusal(service.update(read, read.tokenId, { name: 'x' }))).toEqual(
      forbidden('change'),
    );
    expect(await refusal(service.refresh(read, read.tokenId))).toEqual(forbidden('refresh'));
    expect(await refusal(service.delete(read, read.tokenId))).toEqual(forbidden('delete'));
    expect(await service.list(read)).toHaveLength(1);
  });

  it('refuses OAuth and fine-grained tokens: a narrower grant must not mint a wider one', async () => {
    const { access_token } = await kit.issuer.issue(kit.tx, {
      kind: 'oauth',
      userId: ADA,
      clientId: 'app',
      scopes: ['write-repos'],
      orgIds: [],
      ttlSeconds: 60,
      withRefreshToken: false,
      idToken: false,
    });
    const oauth = await kit.bearer.authenticate(`Bearer ${access_token}`);
    const fine = await service.create(await personal(ADA, 'write'), {
      name: 'f',
      role: 'fineGrained',
      fineGrained: { global: ['repo.write'] },
    });
    const fineGrained = await kit.bearer.authenticate(`Bearer ${fine.token}`);
    const refused = ['forbidden', 'Access tokens can only be managed with a personal access token'];
    for (const principal of [oauth, fineGrained]) {
      expect(await refusal(service.create(principal, { name: 'x', role: 'write' }))).toEqual(
        refused,
      );
      expect(await refusal(service.list(principal))).toEqual(refused);
    }
  });
});
