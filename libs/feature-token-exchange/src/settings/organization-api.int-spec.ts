import { PERMISSION_DEFINITIONS } from '@gatehouse/domain/testing';
import { auditRecordedEvent, IncomingMessage, Topics } from '@gatehouse/messaging';
import { waitUntil } from '@gatehouse/testing';
import {
  basicAuth,
  postForm,
  privateOrgRepo,
  startTokenExchangeTestApps,
  TEST_INTERNAL_TOKEN,
  TEST_USER_EMAIL_TOKEN_TYPE,
  TokenExchangeTestApps,
} from '../testing/token-exchange-test-app';
import { aTokenExchangeAppView } from '../testing/token-exchange-app-builders';

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

/** The kind of resource each action is about, on an organization (repositories unless listed). */
const RESOURCE_KIND_OF_ACTION: Record<string, string> = {
  'collection.read': 'collection',
  'collection.write': 'collection',
  'inference.call': 'org',
  'billing.read': 'org',
  'org.read': 'org',
  'org.settings': 'org',
  'endpoints.read': 'endpoint',
  'endpoints.write': 'endpoint',
  'jobs.run': 'job',
  'webhooks.read': 'webhook',
  'webhooks.manage': 'webhook',
};
const SECRET = 'acme-exchange-secret-0123456789';

describe('organization API, /internal/authorize and audit events on PostgreSQL and Kafka', () => {
  let apps: TokenExchangeTestApps;
  const ids = { acme: '', other: '', alice: '', bob: '' };
  const tokens = { aliceWrite: '', aliceRead: '', bobWrite: '' };
  const received: IncomingMessage[] = [];
  let closeSubscription: () => Promise<void>;

  beforeAll(async () => {
    apps = await startTokenExchangeTestApps();
    await apps.bus.ensureTopics([{ topic: Topics.audit }]);
    const subscription = await apps.bus.subscribe({
      topics: [Topics.audit],
      groupId: `token-exchange-int-spec-${Date.now()}`,
      fromBeginning: true,
      handler: async (message) => void received.push(message),
    });
    closeSubscription = () => subscription.close();
    ids.acme = (await apps.seedOrg('acme')).id;
    ids.other = (await apps.seedOrg('other')).id;
    ids.alice = (await apps.seedUser('alice')).id;
    ids.bob = (await apps.seedUser('bob')).id;
    await apps.seedMembership(ids.acme, ids.alice, 'admin');
    await apps.seedMembership(ids.acme, ids.bob, 'read');
    await apps.seedMembership(ids.other, ids.bob, 'admin');
    await apps.seedExchangeApp('acme-exchange', SECRET, ids.acme);
    await apps.seedExchangeApp('other-exchange', 'other-secret-0123456789', ids.other);
    tokens.aliceWrite = await apps.seedPersonalToken(ids.alice, 'write');
    tokens.aliceRead = await apps.seedPersonalToken(ids.alice, 'read');
    tokens.bobWrite = await apps.seedPersonalToken(ids.bob, 'write');
  });

  afterAll(async () => {
    await closeSubscription?.();
    await apps?.close();
  });

  const exchange = (email: string, secret = SECRET, scope?: string) =>
    postForm(
      `${apps.authUrl}/oauth/token`,
      {
        grant_type: GRANT,
        subject_token: email,
        subject_token_type: TEST_USER_EMAIL_TOKEN_TYPE,
        ...(scope && { scope }),
      },
      { Authorization: basicAuth('acme-exchange', secret) },
    );
  const api = (path: string, token: string | null, init: RequestInit = {}) =>
    fetch(`${apps.serviceUrl}${path}`, {
      ...init,
      headers: {
        ...(token && { Authorization: `Bearer ${token}` }),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
    });
  const setDuration = (org: string, clientId: string, token: string, seconds: unknown) =>
    api(`/api/organizations/${org}/settings/token-exchange-apps/${clientId}`, token, {
      method: 'PUT',
      body: JSON.stringify({ tokenDurationSeconds: seconds }),
    });

  describe('token-exchange settings', () => {
    it('lists the organization’s token-exchange apps to its admins', async () => {
      const res = await api(
        '/api/organizations/acme/settings/token-exchange-apps',
        tokens.aliceRead,
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        apps: [
          aTokenExchangeAppView({
            clientId: 'acme-exchange',
            name: 'acme-exchange',
            scopes: ['openid', 'profile', 'email', 'read-repos', 'write-repos'],
            tokenDurationSeconds: 28_800,
            hasClientSecret: true,
            updatedAt: expect.any(String),
          }),
        ],
      });
    });

    it('sets the token duration that the next exchange uses', async () => {
      const res = await setDuration('acme', 'acme-exchange', tokens.aliceWrite, 900);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        app: { clientId: 'acme-exchange', tokenDurationSeconds: 900 },
      });
      expect(await (await exchange('bob@example.com')).json()).toMatchObject({ expires_in: 900 });
      // Told to every process's client cache, from the changing transaction.
      const told = (await apps.dataSource.query(
        `SELECT value FROM outbox WHERE topic = 'gatehouse.app-events.v1' AND key = 'acme-exchange'`,
      )) as Array<{ value: string }>;
      expect(told.map((row) => (JSON.parse(row.value) as { data: object }).data)).toContainEqual({
        clientId: 'acme-exchange',
        change: 'updated',
        changedAt: expect.any(String),
      });
    });

    it.each([
      [299, 'tokenDurationSeconds must be at least 300 seconds (5 minutes)'],
      [2_592_001, 'tokenDurationSeconds must be at most 2592000 seconds (30 days)'],
    ])('refuses %i seconds with 400 and the Hugging Face error shape', async (seconds, message) => {
      const res = await setDuration('acme', 'acme-exchange', tokens.aliceWrite, seconds);
      expect(res.status).toBe(400);
      expect(res.headers.get('x-error-message')).toBe(message);
      expect(await res.json()).toEqual({ error: message });
    });

    it('refreshes the client secret: the old one is refused, the new one works', async () => {
      const res = await api(
        '/api/organizations/acme/settings/token-exchange-apps/acme-exchange/secret',
        tokens.aliceWrite,
        { method: 'POST' },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { clientId, clientSecret } = (await res.json()) as {
        clientId: string;
        clientSecret: string;
      };
      expect(clientId).toBe('acme-exchange');
      expect((await exchange('bob@example.com')).status).toBe(401);
      expect((await exchange('bob@example.com', clientSecret)).status).toBe(200);
      // Keep the rest of the suite on the new secret.
      await apps.dataSource.query(
        `UPDATE oauth_apps SET client_secret_hash = encode(sha256($1::bytea), 'hex') WHERE client_id = 'acme-exchange'`,
        [SECRET],
      );
    });

    it.each([
      ['no token', null, 'PUT', 401],
      ['a plain member, as a stranger', 'bobWrite', 'PUT', 404],
      ['an admin’s read-only token', 'aliceRead', 'PUT', 403],
    ] as const)('refuses %s', async (_case, who, _method, status) => {
      const res = await setDuration(
        'acme',
        'acme-exchange',
        who ? tokens[who] : (null as unknown as string),
        600,
      );
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    });

    it('keeps admins of one organization away from another’s apps (cross-tenant)', async () => {
      expect((await setDuration('other', 'other-exchange', tokens.aliceWrite, 600)).status).toBe(
        404,
      );
      expect((await setDuration('acme', 'other-exchange', tokens.aliceWrite, 600)).status).toBe(
        404,
      );
      expect(
        (
          await api(
            '/api/organizations/acme/settings/token-exchange-apps/other-exchange/secret',
            tokens.aliceWrite,
            { method: 'POST' },
          )
        ).status,
      ).toBe(404);
      expect(
        (await api('/api/organizations/other/settings/token-exchange-apps', tokens.aliceWrite))
          .status,
      ).toBe(404);
      expect(
        (await api('/api/organizations/nowhere/settings/token-exchange-apps', tokens.aliceWrite))
          .status,
      ).toBe(404);
    });

    it('refuses an exchange token of an admin (organization settings need a personal token)', async () => {
      const body = (await (await exchange('alice@example.com')).json()) as { access_token: string };
      const res = await api(
        '/api/organizations/acme/settings/token-exchange-apps',
        body.access_token,
      );
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: 'Organization settings need a personal access token',
      });
    });
  });

  describe('GET /api/organizations/{name}/audit-log', () => {
    it('pages newest first with a cursor and a Link header, filtered by action', async () => {
      const first = await api('/api/organizations/acme/audit-log?limit=2', tokens.aliceRead);
      expect(first.status).toBe(200);
      const page = (await first.json()) as {
        entries: Array<{ seq: number; action: string }>;
        nextCursor: string;
      };
      const [top] = await apps.dataSource.query(
        `SELECT max(seq)::int AS top FROM audit_log WHERE org_id = $1`,
        [ids.acme],
      );
      expect(page.entries.map((entry) => entry.seq)).toEqual([top.top, top.top - 1]);
      expect(first.headers.get('link')).toBe(
        `</api/organizations/acme/audit-log?limit=2&cursor=${page.nextCursor}>; rel="next"`,
      );
      const second = (await (
        await api(
          `/api/organizations/acme/audit-log?limit=2&cursor=${page.nextCursor}`,
          tokens.aliceRead,
        )
      ).json()) as typeof page;
      expect(second.entries.map((entry) => entry.seq)).toEqual([top.top - 2, top.top - 3]);

      const filtered = (await (
        await api(
          '/api/organizations/acme/audit-log?action=settings.client_secret_refreshed',
          tokens.aliceRead,
        )
      ).json()) as typeof page;
      expect(filtered.entries).toEqual([
        expect.objectContaining({
          action: 'settings.client_secret_refreshed',
          actorUserId: ids.alice,
          clientId: 'acme-exchange',
        }),
      ]);
      expect(filtered.nextCursor).toBeNull();
    });

    it('shows refused exchanges with their error code', async () => {
      await exchange('nobody@example.com');
      const page = (await (
        await api('/api/organizations/acme/audit-log?limit=1', tokens.aliceRead)
      ).json()) as { entries: unknown[] };
      expect(page.entries).toEqual([
        expect.objectContaining({
          action: 'oauth.token_exchange',
          outcome: 'failure',
          errorCode: 'invalid_grant',
          subject: 'nobody@example.com',
          clientId: 'acme-exchange',
        }),
      ]);
    });

    it.each([
      ['no token', null, 401],
      ['a plain member, as a stranger', 'bobWrite', 404],
    ] as const)('refuses %s', async (_case, who, status) => {
      expect(
        (await api('/api/organizations/acme/audit-log', who ? tokens[who] : null)).status,
      ).toBe(status);
    });

    it('keeps one organization’s log from another’s admins (cross-tenant)', async () => {
      expect((await api('/api/organizations/other/audit-log', tokens.aliceWrite)).status).toBe(404);
      const bobsOwn = (await (
        await api('/api/organizations/other/audit-log', tokens.bobWrite)
      ).json()) as { entries: unknown[] };
      expect(bobsOwn.entries).toEqual([]);
    });

    it('filters by app, subject and time', async () => {
      const bySubject = (await (
        await api(
          '/api/organizations/acme/audit-log?subject=nobody%40example.com',
          tokens.aliceRead,
        )
      ).json()) as { entries: Array<{ subject: string }> };
      expect(bySubject.entries.length).toBeGreaterThan(0);
      expect(new Set(bySubject.entries.map((entry) => entry.subject))).toEqual(
        new Set(['nobody@example.com']),
      );
      const future = (await (
        await api('/api/organizations/acme/audit-log?since=2999-01-01T00:00:00Z', tokens.aliceRead)
      ).json()) as { entries: unknown[] };
      expect(future.entries).toEqual([]);
      const past = (await (
        await api(
          '/api/organizations/acme/audit-log?until=2000-01-01T00:00:00Z&clientId=acme-exchange',
          tokens.aliceRead,
        )
      ).json()) as { entries: unknown[] };
      expect(past.entries).toEqual([]);
      const badTime = await api(
        '/api/organizations/acme/audit-log?since=yesterday',
        tokens.aliceRead,
      );
      expect(badTime.status).toBe(400);
      expect(((await badTime.json()) as { error: string }).error).toBe(
        'Invalid "since": must be an ISO 8601 date and time, e.g. 2026-11-01T00:00:00Z',
      );
    });

    it('finds a member by username or e-mail and an app by name or client ID, as the settings page shows them', async () => {
      type Page = {
        entries: Array<{ action: string; actorUserId: string | null; subject: string | null }>;
      };
      const read = async (query: string) => {
        const res = await api(`/api/organizations/acme/audit-log?${query}`, tokens.aliceRead);
        expect(res.status).toBe(200);
        return ((await res.json()) as Page).entries;
      };
      expect((await setDuration('acme', 'acme-exchange', tokens.aliceWrite, 900)).status).toBe(200);
      expect((await exchange('bob@example.com')).status).toBe(200);

      for (const member of ['alice', 'ALICE@example.com']) {
        const entries = await read(`member=${encodeURIComponent(member)}`);
        expect(entries.map((entry) => entry.action)).toContain('settings.token_duration_changed');
        expect(
          entries.every(
            (entry) =>
              entry.actorUserId === ids.alice ||
              entry.subject?.toLowerCase() === 'alice@example.com',
          ),
        ).toBe(true);
      }
      const bobs = await read('member=bob');
      expect(bobs.length).toBeGreaterThan(0);
      expect(new Set(bobs.map((entry) => entry.subject))).toEqual(new Set(['bob@example.com']));
      expect(await read('member=nobody-at-all')).toEqual([]);

      await apps.dataSource.query(
        `UPDATE oauth_apps SET name = 'Acme CI' WHERE client_id = 'acme-exchange'`,
      );
      try {
        const byName = await read('app=acme%20ci');
        const byClientId = await read('app=acme-exchange');
        expect(byName.length).toBeGreaterThan(0);
        expect(byName).toEqual(byClientId);
        expect(await read('app=other-exchange')).toEqual([]);
      } finally {
        await apps.dataSource.query(
          `UPDATE oauth_apps SET name = 'acme-exchange' WHERE client_id = 'acme-exchange'`,
        );
      }
    });

    it('exports every matching entry as JSON or CSV', async () => {
      const [count] = await apps.dataSource.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE org_id = $1`,
        [ids.acme],
      );
      const json = await api('/api/organizations/acme/audit-log/export', tokens.aliceRead);
      expect(json.status).toBe(200);
      expect(json.headers.get('content-disposition')).toBe(
        'attachment; filename="acme-audit-log.json"',
      );
      const entries = (await json.json()) as Array<{ seq: number; hash: string }>;
      expect(entries.length).toBe(count.n);
      expect(entries[0]!.seq).toBeGreaterThan(entries.at(-1)!.seq);

      const csv = await api(
        '/api/organizations/acme/audit-log/export?format=csv&clientId=acme-exchange',
        tokens.aliceRead,
      );
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await csv.text()).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'seq,createdAt,action,outcome,errorCode,clientId,actorUserId,subject,detail,prevHash,hash',
      );
      expect(lines.length - 1).toBeGreaterThan(0);
      expect(lines.slice(1).every((line) => line.includes(',acme-exchange,'))).toBe(true);
      expect(
        (await api('/api/organizations/other/audit-log/export', tokens.aliceRead)).status,
      ).toBe(404);
      expect(
        (await api('/api/organizations/acme/audit-log/export?format=xml', tokens.aliceRead)).status,
      ).toBe(400);
    });

    it('verifies the chain and its seal for the organization’s admins', async () => {
      const res = await api('/api/organizations/acme/audit-log/verify', tokens.aliceRead);
      expect(res.status).toBe(200);
      const [count] = await apps.dataSource.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE org_id = $1`,
        [ids.acme],
      );
      expect(await res.json()).toEqual({ intact: true, checked: count.n });
      expect((await api('/api/organizations/acme/audit-log/verify', tokens.bobWrite)).status).toBe(
        404,
      );
      expect(
        (await api('/api/organizations/other/audit-log/verify', tokens.aliceWrite)).status,
      ).toBe(404);
    });

    it('refuses a bad cursor or action with 400', async () => {
      expect(
        (await api('/api/organizations/acme/audit-log?cursor=nope!', tokens.aliceRead)).status,
      ).toBe(400);
      expect(
        (await api('/api/organizations/acme/audit-log?action=DROP%20TABLE', tokens.aliceRead))
          .status,
      ).toBe(400);
      expect(
        (await api('/api/organizations/acme/audit-log?limit=1000', tokens.aliceRead)).status,
      ).toBe(400);
    });
  });

  describe('POST /internal/authorize', () => {
    const authorize = (body: unknown, internalToken: string | null = TEST_INTERNAL_TOKEN) =>
      apps.authorize(body, internalToken);
    const acmeRepo = () => privateOrgRepo(ids.acme);

    it('decides with the access policy for an exchange token', async () => {
      const { access_token: bobToken } = (await (
        await exchange('bob@example.com', SECRET, 'read-repos write-repos')
      ).json()) as { access_token: string };
      const read = await authorize({ token: bobToken, action: 'repo.read', resource: acmeRepo() });
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual({
        allow: true,
        reason: 'organization member (read)',
        principal: {
          kind: 'exchange',
          userId: ids.bob,
          clientId: 'acme-exchange',
          scopes: ['read-repos', 'write-repos'],
          role: null,
          fineGrained: null,
          boundOrgId: ids.acme,
          memberRole: 'read',
          repo: null,
        },
      });
      expect(
        await (
          await authorize({ token: bobToken, action: 'repo.write', resource: acmeRepo() })
        ).json(),
      ).toMatchObject({
        allow: false,
        reason: 'organization role read does not allow repo.write',
      });
      const otherPrivate = { ...acmeRepo(), ownerId: ids.other };
      expect(
        await (
          await authorize({ token: bobToken, action: 'repo.read', resource: otherPrivate })
        ).json(),
      ).toMatchObject({ allow: false });
    });

    it('decides a fine-grained token alike on both shapes, for every permission, on its organization only', async () => {
      const grant = {
        global: [],
        scoped: [
          {
            entity: { type: 'org' as const, id: ids.acme, name: 'acme' },
            permissions: PERMISSION_DEFINITIONS.filter((p) =>
              (p.entityTypes as readonly string[]).includes('org'),
            ).map((p) => p.name),
          },
        ],
        canReadGatedRepos: false,
      };
      // Carol administers both organizations; her token names acme alone.
      const carol = (await apps.seedUser('carol')).id;
      await apps.seedMembership(ids.acme, carol, 'admin');
      await apps.seedMembership(ids.other, carol, 'admin');
      const token = await apps.seedPersonalToken(carol, 'fineGrained', { fineGrained: grant });
      const resourceOf = (action: string, ownerId: string) => {
        const kind = RESOURCE_KIND_OF_ACTION[action] ?? 'repo';
        return {
          kind,
          ...(kind === 'repo'
            ? { id: `model/${ownerId === ids.acme ? 'acme' : 'other'}/bert` }
            : {}),
          ownerType: 'org',
          ownerId,
          private: true,
        };
      };
      for (const { name: permission, action, entityTypes } of PERMISSION_DEFINITIONS) {
        const atAcme = resourceOf(action, ids.acme);
        const byPermission = await authorize({ token, permission, resource: atAcme });
        const byAction = await authorize({ token, action, resource: atAcme });
        expect([byPermission.status, byAction.status]).toEqual([200, 200]);
        const answer = (await byPermission.json()) as { allow: boolean; reason: string };
        expect(await byAction.json()).toEqual(answer);
        expect([permission, answer.allow]).toEqual([
          permission,
          (entityTypes as readonly string[]).includes('org'),
        ]);
        const elsewhere = await authorize({
          token,
          permission,
          resource: resourceOf(action, ids.other),
        });
        expect([permission, ((await elsewhere.json()) as { allow: boolean }).allow]).toEqual([
          permission,
          false,
        ]);
      }
    });

    it('refuses a question with both an action and a permission, or neither', async () => {
      const both = await authorize({
        token: 'x',
        action: 'repo.read',
        permission: 'repo.content.read',
        resource: acmeRepo(),
      });
      expect(both.status).toBe(400);
      expect(await both.json()).toEqual({
        error: 'Invalid "action": Give either action or permission',
      });
      expect((await authorize({ token: 'x', resource: acmeRepo() })).status).toBe(400);
      expect(
        (await authorize({ token: 'x', permission: 'repo.fly', resource: acmeRepo() })).status,
      ).toBe(400);
    });

    it('refuses callers without the internal token and bodies that are not a question', async () => {
      expect(
        (await authorize({ token: 'x', action: 'repo.read', resource: acmeRepo() }, null)).status,
      ).toBe(401);
      expect(
        (await authorize({ token: 'x', action: 'repo.fly', resource: acmeRepo() })).status,
      ).toBe(400);
    });
  });

  it('publishes every audit entry to Kafka through the outbox, with its hash', async () => {
    const rows: Array<{ seq: string; hash: string }> = await apps.dataSource.query(
      `SELECT seq, hash FROM audit_log WHERE org_id = $1 ORDER BY seq`,
      [ids.acme],
    );
    const ours = () =>
      received
        .map((message) => auditRecordedEvent.decode(message))
        .filter((event) => event.data.organizationId === ids.acme);
    const events = await waitUntil(
      `the ${rows.length} audit entries on Kafka`,
      () => ours().length >= rows.length && ours(),
      { detail: () => `${ours().length} so far` },
    );
    expect(events.map((event) => event.data.details.hash).sort()).toEqual(
      rows.map((row) => row.hash).sort(),
    );
    expect(received.filter((message) => message.key === ids.acme)).toHaveLength(rows.length);
  });
});
