import { hashToken } from '@gatehouse/crypto';
import { ApiError } from '@gatehouse/domain';
import { type PersonalTokenRecord, Principal } from '@gatehouse/identity';
import { createIdentityTestKit, IdentityTestKit } from '@gatehouse/identity/testing';
import { PersonalTokenStore } from './ports/personal-token.store';
import { PersonalTokensService } from './personal-tokens.service';

const ADA = '65a000000000000000000001';
const BOB = '65a000000000000000000002';

/** The store over the kit's token rows, so created tokens authenticate through kit.bearer. */
class KitPersonalTokenStore extends PersonalTokenStore {
  constructor(private readonly rows: PersonalTokenRecord[]) {
    super();
  }
  async insert(row: PersonalTokenRecord) {
    this.rows.push({ ...row });
  }
  async listActive(userId: string) {
    return this.rows.filter((row) => row.userId === userId && !row.revokedAt);
  }
  async activeTokenHash(userId: string, id: string) {
    return (
      this.rows.find((row) => row.id === id && row.userId === userId && !row.revokedAt)
        ?.tokenHash ?? null
    );
  }
  async revoke(userId: string, id: string, at: Date) {
    const row = this.rows.find(
      (candidate) => candidate.id === id && candidate.userId === userId && !candidate.revokedAt,
    );
    if (row) row.revokedAt = at;
    return Boolean(row);
  }
}

describe('PersonalTokensService', () => {
  let kit: IdentityTestKit;
  let service: PersonalTokensService;

  beforeEach(() => {
    kit = createIdentityTestKit();
    kit.accounts.addUser({ id: ADA, username: 'ada' });
    kit.accounts.addUser({ id: BOB, username: 'bob' });
    service = new PersonalTokensService(
      new KitPersonalTokenStore(kit.tokens.personalTokens),
      kit.random,
      kit.principals,
      kit.clock,
    );
  });

  async function personal(userId: string, role: 'read' | 'write'): Promise<Principal> {
    const token = `hf_${userId}${role}`.padEnd(40, 'Z');
    kit.tokens.personalTokens.push({
      id: `${userId.slice(0, 20)}${role === 'read' ? '0001' : '0002'}`,
      tokenHash: hashToken(token),
      userId,
      name: `${role} token`,
      role,
      lastUsedAt: null,
      createdAt: new Date(kit.clock.now()),
      revokedAt: null,
    });
    return kit.bearer.authenticate(`Bearer ${token}`);
  }

  async function forbidden(promise: Promise<unknown>): Promise<string> {
    const error = await promise.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('forbidden');
    return (error as ApiError).message;
  }

  it('creates a token shown once, stored as a hash, that authenticates', async () => {
    const created = await service.create(await personal(ADA, 'write'), {
      name: 'laptop',
      role: 'read',
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'laptop',
      role: 'read',
      createdAt: new Date(kit.clock.now()).toISOString(),
      lastUsedAt: null,
      token: expect.stringMatching(/^hf_[0-9A-Za-z]{22,}$/),
    });
    const stored = kit.tokens.personalTokens.find((row) => row.id === created.id)!;
    expect(stored.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(kit.tokens.personalTokens)).not.toContain(created.token);
    expect(await kit.bearer.authenticate(`Bearer ${created.token}`)).toMatchObject({
      kind: 'personal',
      role: 'read',
      displayName: 'laptop',
      user: { id: ADA },
    });
  });

  it('lists the user’s live tokens without secrets', async () => {
    const ada = await personal(ADA, 'write');
    await personal(BOB, 'write');
    const created = await service.create(ada, { name: 'ci', role: 'write' });
    const listed = await service.list(ada);
    expect(listed.map((token) => token.name)).toEqual(['write token', 'ci']);
    expect(listed[1]).toEqual({
      id: created.id,
      name: 'ci',
      role: 'write',
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain('hf_');
  });

  it('deletes a token, after which it no longer authenticates', async () => {
    const ada = await personal(ADA, 'write');
    const created = await service.create(ada, { name: 'ci', role: 'write' });
    await service.delete(ada, created.id);
    await expect(kit.bearer.resolve(created.token)).resolves.toBeNull();
    expect((await service.list(ada)).map((token) => token.id)).not.toContain(created.id);
  });

  it('answers 404 for another user’s token, an unknown id and a malformed id', async () => {
    const created = await service.create(await personal(ADA, 'write'), {
      name: 'ci',
      role: 'write',
    });
    const bob = await personal(BOB, 'write');
    for (const id of [created.id, '65a0000000000000000000ff', 'not-an-id']) {
      const error = await service.delete(bob, id).catch((thrown: unknown) => thrown);
      expect([(error as ApiError).code, (error as ApiError).message]).toEqual([
        'not_found',
        'Access token not found',
      ]);
    }
    expect(await kit.bearer.resolve(created.token)).not.toBeNull();
  });

  it('never lets a read token create or delete tokens', async () => {
    const read = await personal(ADA, 'read');
    expect(await forbidden(service.create(read, { name: 'x', role: 'read' }))).toBe(
      'A read token cannot create access tokens',
    );
    expect(await forbidden(service.delete(read, read.tokenId))).toBe(
      'A read token cannot delete access tokens',
    );
    expect(await service.list(read)).toHaveLength(1);
  });

  it('refuses OAuth tokens: a scoped grant must not become a full-rights token', async () => {
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
    expect(await forbidden(service.create(oauth, { name: 'x', role: 'write' }))).toBe(
      'Access tokens can only be managed with a personal access token',
    );
    expect(await forbidden(service.list(oauth))).toBe(
      'Access tokens can only be managed with a personal access token',
    );
  });
});
