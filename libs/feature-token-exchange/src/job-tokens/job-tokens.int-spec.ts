import { TEST_ENCRYPTION_KEY } from '@gatehouse/identity/testing';
import { PersonalAccessTokenEntity, UserEntity } from '@gatehouse/persistence';
import { OutboxMessageEntity } from '@gatehouse/persistence/testing';
import { verifyOrganizationAuditLog } from '../audit/infrastructure/verify-organization-audit-log';
import {
  privateOrgRepo,
  startTokenExchangeTestApps,
  TEST_INTERNAL_TOKEN,
  TokenExchangeTestApps,
  withClient,
} from '../testing/token-exchange-test-app';

const WEBHOOK_ID = '65c0000000000000000000aa';

describe('POST /internal/job-tokens on PostgreSQL: the token of a Job webhook launch', () => {
  let apps: TokenExchangeTestApps;
  const ids = { acme: '', alice: '', bob: '', doomed: '' };
  let deliveries = 0;

  beforeAll(async () => {
    apps = await startTokenExchangeTestApps();
    ids.acme = (await apps.seedOrg('acme')).id;
    for (const name of ['alice', 'bob', 'doomed'] as const)
      ids[name] = (await apps.seedUser(name)).id;
    await apps.seedMembership(ids.acme, ids.alice, 'write');
    await apps.seedMembership(ids.acme, ids.doomed, 'write');
  });

  afterAll(async () => {
    await apps?.close();
  });

  const mint = (
    body: Record<string, unknown>,
    internalToken: string | null = TEST_INTERNAL_TOKEN,
  ) =>
    fetch(`${apps.serviceUrl}/internal/job-tokens`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(internalToken && { Authorization: `Bearer ${internalToken}` }),
      },
      body: JSON.stringify(body),
    });
  const request = (overrides: Record<string, unknown> = {}) => ({
    userId: ids.alice,
    webhookId: WEBHOOK_ID,
    deliveryId: `65c0000000000000000001${String(++deliveries).padStart(2, '0')}`,
    repo: { type: 'model', name: 'acme/bert' },
    access: 'write',
    ttlSeconds: 600,
    ...overrides,
  });
  const authorize = (token: string, action: string, id: string, ownerId = ids.acme) =>
    apps
      .authorize({ token, action, resource: privateOrgRepo(ownerId, id) })
      .then((res) => res.json() as Promise<{ allow: boolean; principal: unknown }>);
  const auditEntries = () =>
    apps.dataSource.query(
      `SELECT action, outcome, actor_user_id, subject, detail FROM audit_log WHERE org_id = $1 AND action = 'job.token.issued' ORDER BY seq`,
      [ids.acme],
    ) as Promise<
      Array<{
        action: string;
        outcome: string;
        actor_user_id: string;
        subject: string;
        detail: Record<string, unknown>;
      }>
    >;

  it('mints a fine-grained token of the owner for one repository, expiring after the Job time limit, audited in the organization log', async () => {
    const before = Date.now();
    const body = request();
    const res = await mint(body);
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const minted = (await res.json()) as { token: string; expiresAt: string };
    expect(minted.token).toMatch(/^hf_[0-9A-Za-z]+$/);
    const expiresAt = Date.parse(minted.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 600_000 - 1_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 600_000 + 1_000);

    const rows = await apps.dataSource.manager.findBy(PersonalAccessTokenEntity, {
      userId: ids.alice,
    });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      name: `Job webhook ${WEBHOOK_ID} delivery ${body.deliveryId}`,
      role: 'fineGrained',
      fineGrained: {
        global: [],
        scoped: [
          {
            entity: {
              type: 'model',
              id: expect.stringMatching(/^[0-9a-f]{24}$/),
              name: 'acme/bert',
            },
            permissions: ['repo.content.read', 'repo.access.read', 'repo.write'],
          },
        ],
        canReadGatedRepos: false,
      },
      revokedAt: null,
    });
    expect(row.expiresAt!.toISOString()).toBe(minted.expiresAt);
    expect(row.tokenHash).not.toContain(minted.token);

    expect(await auditEntries()).toEqual([
      {
        action: 'job.token.issued',
        outcome: 'success',
        actor_user_id: ids.alice,
        subject: 'model/acme/bert',
        detail: expect.objectContaining({
          webhookId: WEBHOOK_ID,
          deliveryId: body.deliveryId,
          access: 'write',
          tokenId: row.id,
          expiresIn: 600,
        }),
      },
    ]);
    const verification = await verifyOrganizationAuditLog(
      apps.dataSource,
      'acme',
      TEST_ENCRYPTION_KEY,
    );
    expect(verification?.verdict.intact).toBe(true);

    const events = await apps.dataSource.manager.find(OutboxMessageEntity);
    const issued = events.filter((event) => event.value.includes(row.id));
    expect(issued.map((event) => JSON.parse(event.value))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'token.issued',
          data: expect.objectContaining({
            tokenId: row.id,
            userId: ids.alice,
            grantType: 'job_webhook',
            organizationId: ids.acme,
          }),
        }),
      ]),
    );
    for (const event of events) expect(event.value).not.toContain(minted.token);
  });

  it('lets the token do what it was minted for on that repository and nothing else', async () => {
    const { token } = (await (await mint(request())).json()) as { token: string };
    const write = await authorize(token, 'repo.write', 'model/acme/bert');
    expect(write.allow).toBe(true);
    expect(write.principal).toMatchObject({
      kind: 'personal',
      role: 'fineGrained',
      userId: ids.alice,
    });
    expect((await authorize(token, 'repo.read', 'model/acme/bert')).allow).toBe(true);
    expect((await authorize(token, 'repo.read', 'model/acme/other')).allow).toBe(false);
    expect((await authorize(token, 'repo.read', 'dataset/acme/bert')).allow).toBe(false);
    expect((await authorize(token, 'repo.delete', 'model/acme/bert')).allow).toBe(false);

    const read = (await (await mint(request({ access: 'read' }))).json()) as { token: string };
    expect((await authorize(read.token, 'repo.read', 'model/acme/bert')).allow).toBe(true);
    expect((await authorize(read.token, 'repo.write', 'model/acme/bert')).allow).toBe(false);
  });

  it("writes no organization entry for a repository of the owner's own", async () => {
    const entriesBefore = (await auditEntries()).length;
    const res = await mint(
      request({ repo: { type: 'dataset', name: 'alice/logs' }, access: 'read' }),
    );
    expect(res.status).toBe(201);
    expect((await auditEntries()).length).toBe(entriesBefore);
  });

  it('refuses an inactive owner, a bad body and a caller without the internal token', async () => {
    await apps.dataSource.manager.update(UserEntity, { id: ids.bob }, { disabledAt: new Date() });
    const disabled = await mint(request({ userId: ids.bob }));
    expect(disabled.status).toBe(404);
    expect(await disabled.json()).toMatchObject({
      error: 'The webhook owner is not an active user',
    });

    const bucket = await mint(request({ repo: { type: 'bucket', name: 'acme/b' } }));
    expect(bucket.status).toBe(400);
    const tooLong = await mint(request({ ttlSeconds: 86_401 }));
    expect(tooLong.status).toBe(400);
    expect((await mint(request(), null)).status).toBe(401);
    expect(
      await apps.dataSource.manager.countBy(PersonalAccessTokenEntity, { userId: ids.bob }),
    ).toBe(0);
  });

  it('rolls the token back when its audit entry cannot be written', async () => {
    await withClient(apps.databaseUrl, async (client) => {
      await client.query(
        `CREATE FUNCTION refuse_job_token() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`,
      );
      await client.query(
        `CREATE TRIGGER refuse_job_token BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.actor_user_id = '${ids.doomed}') EXECUTE FUNCTION refuse_job_token()`,
      );
    });
    try {
      const res = await mint(request({ userId: ids.doomed }));
      expect(res.status).toBe(500);
      expect(
        await apps.dataSource.manager.countBy(PersonalAccessTokenEntity, { userId: ids.doomed }),
      ).toBe(0);
      const events = await apps.dataSource.manager.find(OutboxMessageEntity);
      expect(events.filter((event) => event.value.includes(ids.doomed))).toEqual([]);
    } finally {
      await withClient(apps.databaseUrl, (client) =>
        client.query('DROP TRIGGER refuse_job_token ON audit_log'),
      );
    }
  });
});
