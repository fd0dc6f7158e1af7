import { ORG_TOKEN_BLOCK_MESSAGES, type FineGrainedGrant } from '@gatehouse/domain';
import type {
  AuditLogPage,
  OrganizationTokensPage,
  OrganizationTokenView,
} from '@gatehouse/settings-api';
import {
  privateOrgRepo,
  startTokenExchangeTestApps,
  TokenExchangeTestApps,
} from '../testing/token-exchange-test-app';

const DAY = 86_400_000;

/**
 * Organization token governance over HTTP on PostgreSQL, Redis (the principal cache, as deployed)
 * and Kafka: the token list, the policy, approvals, revocation and their audit entries, with
 * `/internal/authorize` deciding on the cached principal before and after each change.
 */
describe('organization token governance on PostgreSQL and Redis', () => {
  let apps: TokenExchangeTestApps;
  const ids = { acme: '', other: '', alice: '', bob: '', carol: '' };
  const tokens = {
    aliceWrite: '',
    aliceAdmin: '',
    bobWrite: '',
    bobRead: '',
    bobOldFine: '',
    carolWrite: '',
  };

  const acmeGrant = (): FineGrainedGrant => ({
    global: [],
    scoped: [{ entity: { type: 'org', id: ids.acme, name: 'acme' }, permissions: ['repo.write'] }],
    canReadGatedRepos: false,
  });

  beforeAll(async () => {
    apps = await startTokenExchangeTestApps({ redisLabel: 'token-governance' });
    ids.acme = (await apps.seedOrg('acme')).id;
    ids.other = (await apps.seedOrg('other')).id;
    ids.alice = (await apps.seedUser('alice')).id;
    ids.bob = (await apps.seedUser('bob')).id;
    ids.carol = (await apps.seedUser('carol')).id;
    await apps.seedMembership(ids.acme, ids.alice, 'admin');
    await apps.seedMembership(ids.acme, ids.bob, 'write');
    await apps.seedMembership(ids.other, ids.carol, 'admin');
    tokens.aliceWrite = await apps.seedPersonalToken(ids.alice, 'write');
    tokens.bobWrite = await apps.seedPersonalToken(ids.bob, 'write');
    tokens.bobRead = await apps.seedPersonalToken(ids.bob, 'read');
    tokens.bobOldFine = await apps.seedPersonalToken(ids.bob, 'fineGrained', {
      name: 'older deploy',
      fineGrained: acmeGrant(),
      createdAt: new Date(Date.now() - DAY),
    });
    tokens.carolWrite = await apps.seedPersonalToken(ids.carol, 'write');
    // Under fine_grained_only an admin's read and write tokens are refused too: the admin governs
    // with the browser session or, as here, a fine-grained token holding org.write.
    tokens.aliceAdmin = await apps.seedPersonalToken(ids.alice, 'fineGrained', {
      name: 'admin console',
      fineGrained: {
        global: [],
        scoped: [
          {
            entity: { type: 'org', id: ids.acme, name: 'acme' },
            permissions: ['org.read', 'org.write'],
          },
        ],
        canReadGatedRepos: false,
      },
      createdAt: new Date(Date.now() - DAY),
    });
  });

  afterAll(async () => {
    await apps?.close();
  });

  const api = (method: string, path: string, token: string | null, body?: unknown) =>
    fetch(`${apps.serviceUrl}/api/organizations/${path}`, {
      method,
      headers: {
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const authorize = async (token: string) => {
    const res = await apps.authorize({
      token,
      permission: 'repo.write',
      resource: privateOrgRepo(ids.acme),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { allow: boolean; reason: string };
  };
  const list = async (): Promise<OrganizationTokenView[]> => {
    const res = await api('GET', 'acme/settings/tokens', tokens.aliceAdmin);
    expect(res.status).toBe(200);
    return ((await res.json()) as OrganizationTokensPage).tokens;
  };
  const setPolicy = (policy: string, token = tokens.aliceAdmin) =>
    api('PUT', 'acme/settings/token-policy', token, { policy });
  const tokenNamed = async (name: string) => (await list()).find((t) => t.name === name)!;

  describe('who may govern', () => {
    it('lists the tokens that reach the organization to its admins, newest first, never a value', async () => {
      const shown = await list();
      expect(shown.map((token) => [token.owner.username, token.name])).toEqual([
        ['bob', 'read token'],
        ['bob', 'write token'],
        ['alice', 'write token'],
        ['alice', 'admin console'],
        ['bob', 'older deploy'],
      ]);
      expect(shown.find((token) => token.name === 'older deploy')).toEqual({
        id: expect.any(String),
        name: 'older deploy',
        owner: { id: ids.bob, username: 'bob', fullname: 'bob', role: 'write' },
        role: 'fineGrained',
        fineGrained: {
          global: [],
          scoped: [
            {
              entity: { _id: ids.acme, type: 'org', name: 'acme' },
              permissions: ['repo.write'],
            },
          ],
          canReadGatedRepos: false,
        },
        preview: null,
        createdAt: expect.any(String),
        expiresAt: null,
        lastUsedAt: null,
        approval: { state: 'not_required', decidedBy: null, decidedAt: null },
        blocked: false,
      });
      expect(JSON.stringify(shown)).not.toContain(tokens.bobWrite);
    });

    it('pages with a cursor', async () => {
      const res = await api('GET', 'acme/settings/tokens?limit=3', tokens.aliceAdmin);
      const first = (await res.json()) as OrganizationTokensPage;
      expect(first.tokens).toHaveLength(3);
      expect(first.nextCursor).toBe(first.tokens[2]!.id);
      const rest = (await (
        await api(
          'GET',
          `acme/settings/tokens?limit=3&cursor=${first.nextCursor}`,
          tokens.aliceAdmin,
        )
      ).json()) as OrganizationTokensPage;
      expect(rest.tokens.map((token) => [token.owner.username, token.name])).toEqual([
        ['alice', 'admin console'],
        ['bob', 'older deploy'],
      ]);
      expect(rest.nextCursor).toBeNull();
    });

    it('hides the organization from a member who is not an admin as from an outsider (404)', async () => {
      const member = await api('GET', 'acme/settings/tokens', tokens.bobWrite);
      const outsider = await api('GET', 'acme/settings/tokens', tokens.carolWrite);
      expect(member.status).toBe(404);
      expect(outsider.status).toBe(404);
      expect(await member.json()).toEqual(await outsider.json());
      expect((await setPolicy('fine_grained_only', tokens.bobWrite)).status).toBe(404);
      expect((await setPolicy('fine_grained_only', tokens.carolWrite)).status).toBe(404);
      expect((await api('GET', 'acme/settings/tokens', null)).status).toBe(401);
    });

    it('answers a policy that does not exist with 400 in the API error shape', async () => {
      const res = await setPolicy('everything');
      expect(res.status).toBe(400);
      expect(res.headers.get('x-error-message')).toContain('policy');
    });
  });

  describe('policies, on the cached principal', () => {
    afterEach(async () => {
      expect((await setPolicy('allow_all')).status).toBe(200);
    });

    it('fine_grained_only refuses read and write tokens on the organization from the next check on', async () => {
      expect(await authorize(tokens.bobWrite)).toMatchObject({ allow: true });
      const res = await setPolicy('fine_grained_only');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        policy: 'fine_grained_only',
        approvalRequiredSince: null,
        updatedAt: expect.any(String),
      });
      expect(await authorize(tokens.bobWrite)).toEqual(
        expect.objectContaining({
          allow: false,
          reason: ORG_TOKEN_BLOCK_MESSAGES.fine_grained_only,
        }),
      );
      expect(await authorize(tokens.bobOldFine)).toMatchObject({ allow: true });
      // Gatehouse's own organization routes refuse it too, the admin's own write token included.
      const own = await api('GET', 'acme/settings/tokens', tokens.aliceWrite);
      expect(own.status).toBe(403);
      expect(await own.json()).toEqual({ error: ORG_TOKEN_BLOCK_MESSAGES.fine_grained_only });
    });

    it('require_approval holds a new fine-grained token until an admin approves it; deny and approve undo each other', async () => {
      expect((await setPolicy('require_approval')).status).toBe(200);
      const fresh = await apps.seedPersonalToken(ids.bob, 'fineGrained', {
        name: 'new deploy',
        fineGrained: acmeGrant(),
      });
      expect(await authorize(fresh)).toMatchObject({
        allow: false,
        reason: ORG_TOKEN_BLOCK_MESSAGES.approval_pending,
      });
      expect(await authorize(tokens.bobOldFine)).toMatchObject({ allow: true });
      const pending = await tokenNamed('new deploy');
      expect(pending).toMatchObject({ approval: { state: 'pending' }, blocked: true });

      const approved = await api(
        'POST',
        `acme/settings/tokens/${pending.id}/approve`,
        tokens.aliceAdmin,
      );
      expect(approved.status).toBe(200);
      expect(await approved.json()).toMatchObject({
        token: {
          id: pending.id,
          approval: { state: 'approved', decidedBy: 'alice', decidedAt: expect.any(String) },
          blocked: false,
        },
      });
      expect(await authorize(fresh)).toMatchObject({ allow: true });

      expect(
        (await api('POST', `acme/settings/tokens/${pending.id}/deny`, tokens.aliceAdmin)).status,
      ).toBe(200);
      expect(await authorize(fresh)).toMatchObject({
        allow: false,
        reason: ORG_TOKEN_BLOCK_MESSAGES.approval_denied,
      });
      expect(
        (await api('POST', `acme/settings/tokens/${pending.id}/approve`, tokens.aliceAdmin)).status,
      ).toBe(200);
      expect(await authorize(fresh)).toMatchObject({ allow: true });
    });

    it('leaves read and write tokens to the policy: approving one is a 400, an unknown id a 404', async () => {
      const write = await tokenNamed('write token');
      const res = await api('POST', `acme/settings/tokens/${write.id}/approve`, tokens.aliceAdmin);
      expect(res.status).toBe(400);
      expect((await api('POST', 'acme/settings/tokens/nope/deny', tokens.aliceAdmin)).status).toBe(
        404,
      );
      expect(
        (await api('POST', 'acme/settings/tokens/65a0000000000000000000ff/deny', tokens.aliceAdmin))
          .status,
      ).toBe(404);
    });
  });

  describe('revocation', () => {
    it('revokes a member’s token by value, at once for every check', async () => {
      expect(await authorize(tokens.bobRead)).toMatchObject({ allow: false });
      const res = await api('POST', 'acme/settings/tokens/revoke', tokens.aliceAdmin, {
        token: tokens.bobRead,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        token: { name: 'read token', owner: { username: 'bob' } },
      });
      expect(await authorize(tokens.bobRead)).toEqual({
        allow: false,
        reason: 'token is not active',
        principal: null,
      });
      expect((await list()).map((token) => token.name)).not.toContain('read token');
      // bob is told, by auth, from the event written in the revoking transaction.
      const told = (await apps.dataSource.query(
        `SELECT key, value FROM outbox WHERE topic = 'gatehouse.token-events.v1' AND key = $1`,
        [ids.bob],
      )) as Array<{ key: string; value: string }>;
      expect(
        told
          .map((row) => JSON.parse(row.value) as { type: string; data: Record<string, unknown> })
          .filter((event) => event.type === 'token.revoked_by_organization')
          .map((event) => event.data),
      ).toEqual([
        {
          noticeId: expect.stringMatching(/^[0-9a-f]{24}$/),
          userId: ids.bob,
          tokenId: expect.any(String),
          tokenName: 'read token',
          organization: 'acme',
          revokedBy: 'alice',
          revokedAt: expect.any(String),
        },
      ]);
    });

    it('tells nothing about a value that does not reach the organization', async () => {
      const revoke = (token: unknown) =>
        api('POST', 'acme/settings/tokens/revoke', tokens.aliceAdmin, { token });
      const notFound = { error: 'No token of this organization matches' };
      const unknown = await revoke(`hf_${'x'.repeat(34)}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual(notFound);
      const elsewhere = await revoke(tokens.carolWrite);
      expect(elsewhere.status).toBe(404);
      expect(await elsewhere.json()).toEqual(notFound);
      expect((await revoke('not a token')).status).toBe(400);
      expect((await revoke(42)).status).toBe(400);
      expect(await authorize(tokens.carolWrite)).toMatchObject({ allow: false });
    });

    it('does not let an admin revoke their own token by value', async () => {
      const res = await api('POST', 'acme/settings/tokens/revoke', tokens.aliceAdmin, {
        token: tokens.aliceWrite,
      });
      expect(res.status).toBe(400);
      expect((await list()).map((token) => token.owner.username)).toContain('alice');
    });

    it('revokes from the list; a second time is a 404', async () => {
      const old = await tokenNamed('older deploy');
      expect(
        (await api('DELETE', `acme/settings/tokens/${old.id}`, tokens.aliceAdmin)).status,
      ).toBe(204);
      expect(await authorize(tokens.bobOldFine)).toMatchObject({ reason: 'token is not active' });
      expect(
        (await api('DELETE', `acme/settings/tokens/${old.id}`, tokens.aliceAdmin)).status,
      ).toBe(404);
    });
  });

  it('audits every change in the organization’s hash chain, which still verifies', async () => {
    const res = await fetch(`${apps.serviceUrl}/api/organizations/acme/audit-log?limit=200`, {
      headers: { Authorization: `Bearer ${tokens.aliceAdmin}` },
    });
    const page = (await res.json()) as AuditLogPage;
    const actions = page.entries.map((entry) => entry.action).reverse();
    expect(actions).toEqual([
      'org.token_policy.updated',
      'org.token_policy.updated',
      'org.token_policy.updated',
      'org.token_approval.approved',
      'org.token_approval.denied',
      'org.token_approval.approved',
      'org.token_policy.updated',
      'org.token.revoked',
      'org.token.revoked',
    ]);
    const revoked = page.entries.find((entry) => entry.action === 'org.token.revoked')!;
    expect(revoked).toMatchObject({
      actorUserId: ids.alice,
      subject: 'bob',
      detail: { tokenName: 'older deploy', tokenRole: 'fineGrained', owner: 'bob', by: 'list' },
    });
    expect(JSON.stringify(page.entries)).not.toContain(tokens.bobRead);
    const verify = await fetch(`${apps.serviceUrl}/api/organizations/acme/audit-log/verify`, {
      headers: { Authorization: `Bearer ${tokens.aliceAdmin}` },
    });
    expect(await verify.json()).toEqual({ intact: true, checked: 9 });
  });
});
