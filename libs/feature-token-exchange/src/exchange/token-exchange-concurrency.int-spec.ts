import { TEST_ENCRYPTION_KEY } from '@gatehouse/identity/testing';
import { waitUntil } from '@gatehouse/testing';
import { verifyOrganizationAuditLog } from '../audit/infrastructure/verify-organization-audit-log';
import {
  basicAuth,
  postForm,
  startTokenExchangeTestApps,
  TEST_USER_EMAIL_TOKEN_TYPE,
  TokenExchangeTestApps,
  withClient,
} from '../testing/token-exchange-test-app';

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ORGS = ['north', 'south', 'west'] as const;
type Org = (typeof ORGS)[number];

/** docs/benchmarks.md "Token exchange": appends are serialized per organization, and only there. */
describe('token exchange under concurrency on PostgreSQL: one chain per organization, organizations side by side', () => {
  let apps: TokenExchangeTestApps;
  const orgIds = {} as Record<Org, string>;

  beforeAll(async () => {
    apps = await startTokenExchangeTestApps();
    for (const name of ORGS) {
      orgIds[name] = (await apps.seedOrg(name)).id;
      const member = await apps.seedUser(`${name}-member`);
      await apps.seedMembership(orgIds[name], member.id, 'write');
      await apps.seedExchangeApp(`${name}-exchange`, `${name}-secret-0123456789`, orgIds[name]);
    }
  });

  afterAll(async () => {
    await apps?.close();
  });

  const exchange = (org: Org, subject = `${org}-member@example.com`) =>
    postForm(
      `${apps.authUrl}/oauth/token`,
      { grant_type: GRANT, subject_token_type: TEST_USER_EMAIL_TOKEN_TYPE, subject_token: subject },
      { Authorization: basicAuth(`${org}-exchange`, `${org}-secret-0123456789`) },
    );

  async function chainOf(
    org: Org,
  ): Promise<{ entries: number; seqs: number[]; head: number | null }> {
    const rows = (await apps.dataSource.query(
      `SELECT seq::int AS seq FROM audit_log WHERE org_id = $1 ORDER BY seq`,
      [orgIds[org]],
    )) as Array<{ seq: number }>;
    const [head] = (await apps.dataSource.query(
      `SELECT seq::int AS seq FROM audit_heads WHERE org_id = $1`,
      [orgIds[org]],
    )) as Array<{ seq: number }>;
    return { entries: rows.length, seqs: rows.map((row) => row.seq), head: head?.seq ?? null };
  }

  it('chains the first entries of an organization written at once (no head row yet) without a gap or a fork', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        exchange('west', i % 4 === 0 ? 'nobody@example.com' : undefined),
      ),
    );
    expect(results.map((res) => res.status).sort()).toEqual([
      ...Array(9).fill(200),
      ...Array(3).fill(400),
    ]);
    expect(await chainOf('west')).toEqual({
      entries: 12,
      seqs: Array.from({ length: 12 }, (_, i) => i + 1),
      head: 12,
    });
    expect(
      (await verifyOrganizationAuditLog(apps.dataSource, 'west', TEST_ENCRYPTION_KEY))?.verdict,
    ).toEqual({ intact: true, checked: 12 });
  });

  it('keeps one unbroken sealed chain when many exchanges of one organization run in parallel', async () => {
    await exchange('north');
    const results = await Promise.all(Array.from({ length: 20 }, () => exchange('north')));
    expect(results.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await chainOf('north')).toEqual({
      entries: 21,
      seqs: Array.from({ length: 21 }, (_, i) => i + 1),
      head: 21,
    });
    expect(
      (await verifyOrganizationAuditLog(apps.dataSource, 'north', TEST_ENCRYPTION_KEY))?.verdict,
    ).toEqual({ intact: true, checked: 21 });
  });

  it("lets an organization exchange while another organization's chain is locked", async () => {
    await exchange('south');
    const before = await chainOf('north');
    await withClient(apps.databaseUrl, async (client) => {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM audit_heads WHERE org_id = $1 FOR UPDATE', [orgIds.north]);
      const [{ pid: holder }] = (await client.query('SELECT pg_backend_pid() AS pid')).rows;
      let northAnswered = false;
      const northExchange = exchange('north').finally(() => (northAnswered = true));
      try {
        const south = await exchange('south');
        expect(south.status).toBe(200);
        // The north exchange is seen waiting on the lock this test holds, unanswered.
        await waitUntil(
          "the north exchange to wait on its chain's lock",
          async () =>
            (
              await apps.dataSource.query(
                'SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
                [holder],
              )
            ).length > 0,
          { intervalMs: 20 },
        );
        expect(northAnswered).toBe(false);
      } finally {
        await client.query('COMMIT');
      }
      expect((await northExchange).status).toBe(200);
    });
    expect(await chainOf('south')).toEqual({ entries: 2, seqs: [1, 2], head: 2 });
    expect((await chainOf('north')).head).toBe(before.head! + 1);
    for (const org of ['north', 'south'] as const) {
      expect(
        (await verifyOrganizationAuditLog(apps.dataSource, org, TEST_ENCRYPTION_KEY))?.verdict
          .intact,
      ).toBe(true);
    }
  });
});
