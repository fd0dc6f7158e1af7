import { TEST_ENCRYPTION_KEY } from '@gatehouse/identity/testing';
import { AccessTokenEntity, RefreshTokenEntity } from '@gatehouse/persistence';
import { OutboxMessageEntity } from '@gatehouse/persistence/testing';
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
const SECRET = 'acme-exchange-secret-0123456789';

describe('token exchange on PostgreSQL, handed from auth /oauth/token to the token-exchange service over HTTP', () => {
  let apps: TokenExchangeTestApps;
  const ids = { acme: '', other: '', alice: '', bob: '', carol: '', doomed: '' };

  beforeAll(async () => {
    apps = await startTokenExchangeTestApps();
    ids.acme = (await apps.seedOrg('acme')).id;
    ids.other = (await apps.seedOrg('other', 'team')).id;
    for (const name of ['alice', 'bob', 'carol', 'doomed'] as const)
      ids[name] = (await apps.seedUser(name)).id;
    await apps.seedMembership(ids.acme, ids.alice, 'admin');
    await apps.seedMembership(ids.acme, ids.bob, 'read');
    await apps.seedMembership(ids.acme, ids.doomed, 'write');
    await apps.seedMembership(ids.other, ids.carol, 'admin');
    await apps.seedExchangeApp('acme-exchange', SECRET, ids.acme);
    await apps.seedExchangeApp('acme-plain', 'plain-secret-0123456789', ids.acme, {
      tokenExchange: false,
    });
    await apps.seedExchangeApp('other-exchange', 'other-secret-0123456789', ids.other);
  });

  afterAll(async () => {
    await apps?.close();
  });

  const exchange = (
    params: Record<string, string>,
    authorization: string | null = basicAuth('acme-exchange', SECRET),
  ) =>
    postForm(
      `${apps.authUrl}/oauth/token`,
      { grant_type: GRANT, subject_token_type: TEST_USER_EMAIL_TOKEN_TYPE, ...params },
      authorization ? { Authorization: authorization } : {},
    );

  async function expectError(
    res: Response,
    status: number,
    error: string,
  ): Promise<Record<string, string>> {
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, string>;
    expect(body).toEqual({ error, error_description: expect.any(String) });
    return body;
  }

  it('answers the token response and stores an organization-bound exchange token, no refresh token', async () => {
    const res = await exchange({ subject_token: 'bob@example.com', scope: 'openid read-repos' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^hf_oauth_[0-9A-Za-z]{43}$/),
      token_type: 'bearer',
      expires_in: 28_800,
      scope: 'openid read-repos',
      id_token: expect.stringMatching(/^eyJ/),
      issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
    const rows = await apps.dataSource.manager.findBy(AccessTokenEntity, { userId: ids.bob });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'exchange',
      clientId: 'acme-exchange',
      boundOrgId: ids.acme,
      role: 'read',
      scopes: ['openid', 'read-repos'],
    });
    expect(await apps.dataSource.manager.countBy(RefreshTokenEntity, { userId: ids.bob })).toBe(0);
  });

  it('accepts a JSON body as well', async () => {
    const res = await fetch(`${apps.authUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: basicAuth('acme-exchange', SECRET),
      },
      body: JSON.stringify({
        grant_type: GRANT,
        subject_token: 'alice@example.com',
        subject_token_type: TEST_USER_EMAIL_TOKEN_TYPE,
        scope: 'read-repos',
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ scope: 'read-repos', expires_in: 28_800 });
  });

  describe('RFC 6749 §5.2 errors, relayed with their status', () => {
    it.each([
      ['no client credentials', 401, 'invalid_client', {}, null],
      ['a wrong client secret', 401, 'invalid_client', {}, basicAuth('acme-exchange', 'wrong')],
      [
        'an app without the token-exchange privilege',
        401,
        'invalid_client',
        {},
        basicAuth('acme-plain', 'plain-secret-0123456789'),
      ],
      [
        'an organization not on the Enterprise plan',
        401,
        'invalid_client',
        { subject_token: 'carol@example.com' },
        basicAuth('other-exchange', 'other-secret-0123456789'),
      ],
      [
        'an e-mail that is not a member of the bound organization',
        400,
        'invalid_grant',
        { subject_token: 'carol@example.com' },
        undefined,
      ],
      ['a scope the app does not have', 400, 'invalid_scope', { scope: 'manage-repos' }, undefined],
      ['an unknown scope', 400, 'invalid_scope', { scope: 'read-repos nonsense' }, undefined],
      ['no subject_token', 400, 'invalid_request', { subject_token: '' }, undefined],
      [
        'an unsupported subject_token_type',
        400,
        'invalid_request',
        { subject_token_type: 'urn:ietf:params:oauth:token-type:access_token' },
        undefined,
      ],
    ])('%s → %i %s', async (_case, status, error, params, authorization) => {
      const res = await exchange(
        { subject_token: 'alice@example.com', ...params },
        authorization === undefined ? basicAuth('acme-exchange', SECRET) : authorization,
      );
      await expectError(res, status, error);
      if (error === 'invalid_client' && authorization)
        expect(res.headers.get('www-authenticate')).toBe('Basic realm="gatehouse"');
    });
  });

  it('refuses /internal/token-exchange without the internal token', async () => {
    const res = await fetch(`${apps.serviceUrl}/internal/token-exchange`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ params: { grant_type: GRANT }, ip: '127.0.0.1' }),
    });
    expect(res.status).toBe(401);
  });

  it('rolls the token back when its audit entry cannot be written', async () => {
    await withClient(apps.databaseUrl, async (client) => {
      await client.query(
        `CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused'; END $$`,
      );
      await client.query(
        `CREATE TRIGGER refuse_doomed BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.subject = 'doomed@example.com') EXECUTE FUNCTION refuse_doomed()`,
      );
    });
    try {
      await expectError(
        await exchange({ subject_token: 'doomed@example.com' }),
        500,
        'server_error',
      );
      expect(await apps.dataSource.manager.countBy(AccessTokenEntity, { userId: ids.doomed })).toBe(
        0,
      );
      const events = await apps.dataSource.manager.find(OutboxMessageEntity);
      expect(events.filter((event) => event.value.includes(ids.doomed))).toEqual([]);
    } finally {
      await withClient(apps.databaseUrl, (client) =>
        client.query('DROP TRIGGER refuse_doomed ON audit_log'),
      );
    }
  });

  it('keeps the chain whole under concurrent exchanges, refusals included', async () => {
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        exchange({ subject_token: i % 3 === 0 ? 'carol@example.com' : 'alice@example.com' }),
      ),
    );
    expect(results.map((res) => res.status).sort()).toEqual([
      ...Array(16).fill(200),
      ...Array(8).fill(400),
    ]);
    const verification = await verifyOrganizationAuditLog(
      apps.dataSource,
      'acme',
      TEST_ENCRYPTION_KEY,
    );
    expect(verification?.verdict.intact).toBe(true);
    const counts = await apps.dataSource.query(
      `SELECT count(*)::int AS n, max(seq)::int AS top FROM audit_log WHERE org_id = $1`,
      [ids.acme],
    );
    expect(counts[0].n).toBe(counts[0].top);
  });

  it('detects a cut end of the log (the newest entries deleted behind the triggers) against the sealed head, and after later appends', async () => {
    await exchange({ subject_token: 'alice@example.com' });
    await exchange({ subject_token: 'alice@example.com' });
    const [top] = await apps.dataSource.query(
      `SELECT max(seq)::int AS seq FROM audit_log WHERE org_id = $1`,
      [ids.acme],
    );
    await withClient(apps.databaseUrl, async (client) => {
      await client.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
      try {
        await client.query(`DELETE FROM audit_log WHERE org_id = $1 AND seq > $2`, [
          ids.acme,
          top.seq - 2,
        ]);
      } finally {
        await client.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
      }
    });
    const verification = await verifyOrganizationAuditLog(
      apps.dataSource,
      'acme',
      TEST_ENCRYPTION_KEY,
    );
    expect(verification?.verdict).toMatchObject({
      intact: false,
      brokenAt: {
        seq: top.seq - 1,
        id: null,
        problem: 'truncated',
        message: `entries seq ${top.seq - 1} to ${top.seq} are missing: the sealed head of the log is seq ${top.seq} (the end of the log was cut)`,
      },
    });
    // The next append continues from the sealed head, so the cut stays visible behind it.
    expect((await exchange({ subject_token: 'alice@example.com' })).status).toBe(200);
    const after = await verifyOrganizationAuditLog(apps.dataSource, 'acme', TEST_ENCRYPTION_KEY);
    expect(after?.verdict).toMatchObject({
      intact: false,
      brokenAt: {
        seq: top.seq + 1,
        problem: 'sequence_gap',
        message: expect.stringContaining(`entries seq ${top.seq - 1} to ${top.seq} are missing`),
      },
    });
  });

  it('names the tampered entry after a row is changed behind the triggers', async () => {
    const [row] = await apps.dataSource.query(
      `SELECT id, seq FROM audit_log WHERE org_id = $1 ORDER BY seq LIMIT 1 OFFSET 2`,
      [ids.acme],
    );
    await withClient(apps.databaseUrl, async (client) => {
      await client.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
      try {
        await client.query(`UPDATE audit_log SET subject = 'mallory@example.com' WHERE id = $1`, [
          row.id,
        ]);
      } finally {
        await client.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
      }
    });
    const verification = await verifyOrganizationAuditLog(
      apps.dataSource,
      'acme',
      TEST_ENCRYPTION_KEY,
    );
    expect(verification?.verdict).toEqual({
      intact: false,
      checked: Number(row.seq) - 1,
      brokenAt: {
        seq: Number(row.seq),
        id: String(row.id),
        problem: 'hash_mismatch',
        message: `entry seq ${row.seq} (id ${row.id}): content does not match its hash (the entry was changed)`,
      },
    });
    expect(
      await verifyOrganizationAuditLog(apps.dataSource, 'nowhere', TEST_ENCRYPTION_KEY),
    ).toBeNull();
  });
});
