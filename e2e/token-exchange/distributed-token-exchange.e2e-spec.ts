import {
  createTestDatabase,
  dropTestDatabase,
  findFreePort,
  NodeProcess,
  startNodeProcess,
  TestDatabase,
  waitForHttp,
} from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { runCli } from './support/cli';
import { openidClientGrants } from './support/openid-client-grant';
import { DEMO, USER_EMAIL, writeDemoSeed } from './support/seed-file';

// The production shape: auth hands the grant to the token-exchange service over internal HTTP;
// both on a PostgreSQL database of this suite's own, the run's Redis and Kafka.
describe('token exchange across the auth and token-exchange services', () => {
  let database: TestDatabase;
  let workDir: string;
  const running: NodeProcess[] = [];
  const urls = { auth: '', tokenExchange: '' };
  const secrets = {
    GATEHOUSE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    GATEHOUSE_INTERNAL_TOKEN: randomBytes(32).toString('base64url'),
  };

  beforeAll(async () => {
    database = await createTestDatabase(undefined, 'gatehouse_exchange_e2e');
    workDir = mkdtempSync(join(tmpdir(), 'gatehouse-exchange-e2e-'));
    const env = { ...secrets, DATABASE_URL: database.url };
    const migrated = await runCli(['admin', 'migrate'], env);
    if (migrated.code !== 0) throw new Error(`admin migrate failed:\n${migrated.output}`);
    const seeded = await runCli(
      ['admin', 'seed', writeDemoSeed(join(workDir, 'seed.yaml'), [])],
      env,
    );
    if (seeded.code !== 0) throw new Error(`admin seed failed:\n${seeded.output}`);

    const ports = { auth: await findFreePort(), tokenExchange: await findFreePort() };
    urls.auth = `http://127.0.0.1:${ports.auth}`;
    urls.tokenExchange = `http://127.0.0.1:${ports.tokenExchange}`;
    for (const [name, port] of [
      ['token-exchange', ports.tokenExchange],
      ['auth', ports.auth],
    ] as const) {
      running.push(
        startNodeProcess(`dist/apps/${name}/src/main.js`, {
          env: {
            ...env,
            PORT: String(port),
            GATEHOUSE_PUBLIC_URL: urls.auth,
            GATEHOUSE_TOKEN_EXCHANGE_URL: urls.tokenExchange,
            GATEHOUSE_SHUTDOWN_GRACE_MS: '2000',
          },
        }),
      );
    }
    await waitForHttp(`${urls.tokenExchange}/readyz`, { timeoutMs: 60_000, process: running[0] });
    await waitForHttp(`${urls.auth}/readyz`, { timeoutMs: 60_000, process: running[1] });
  });

  afterAll(async () => {
    await Promise.all(running.map((process) => process.stop()));
    if (database) await dropTestDatabase(database.name);
    rmSync(workDir, { recursive: true, force: true });
  });

  const asMember = (email: string, clientSecret: string = DEMO.clientSecret, scope?: string) => ({
    clientId: DEMO.clientId,
    clientSecret,
    params: { subject_token: email, subject_token_type: USER_EMAIL, ...(scope && { scope }) },
  });

  it('exchanges through auth, relaying the service’s answers and errors unchanged', async () => {
    const results = await openidClientGrants(urls.auth, [
      asMember('alice@example.com', DEMO.clientSecret, 'openid read-repos'),
      asMember('bob@example.com'),
      asMember('nobody@example.com'),
      asMember('alice@example.com', 'wrong-secret'),
      asMember('alice@example.com', DEMO.clientSecret, 'jobs'),
    ]);
    expect(results[0]).toMatchObject({
      ok: true,
      tokens: {
        token_type: 'bearer',
        expires_in: 28_800,
        scope: 'openid read-repos',
        issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      },
      claims: { iss: urls.auth, aud: DEMO.clientId, sub: expect.stringMatching(/^[0-9a-f]{24}$/) },
    });
    expect(results[1]).toMatchObject({
      ok: true,
      tokens: { scope: 'openid profile email read-repos write-repos' },
    });
    expect(
      results.slice(2).map((result) => (result.ok ? 'ok' : `${result.status} ${result.error}`)),
    ).toEqual(['400 invalid_grant', '401 invalid_client', '400 invalid_scope']);
  });

  it('records every attempt in the audit log, which the verification command checks and a corrupted row breaks', async () => {
    const res = await fetch(`${urls.tokenExchange}/api/organizations/acme/audit-log`, {
      headers: { Authorization: `Bearer ${DEMO.aliceWriteToken}` },
    });
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as {
      entries: Array<{ id: string; seq: number; outcome: string; errorCode: string | null }>;
    };
    expect(entries.map((entry) => [entry.seq, entry.outcome, entry.errorCode])).toEqual([
      [5, 'failure', 'invalid_scope'],
      [4, 'failure', 'invalid_client'],
      [3, 'failure', 'invalid_grant'],
      [2, 'success', null],
      [1, 'success', null],
    ]);

    const verify = () =>
      runCli(['orgs', 'audit', 'verify', 'acme', '--database-url', database.url], {
        GATEHOUSE_ENCRYPTION_KEY: secrets.GATEHOUSE_ENCRYPTION_KEY,
      });
    expect(await verify()).toEqual({
      code: 0,
      output: 'Audit log of acme: 5 entries, hash chain intact.\n',
    });

    // As the database superuser, behind the append-only triggers.
    const victim = entries.find((entry) => entry.seq === 3)!;
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('ALTER TABLE audit_log DISABLE TRIGGER USER');
      await client.query(
        `UPDATE audit_log SET error_code = NULL, outcome = 'success' WHERE id = $1`,
        [victim.id],
      );
      await client.query('ALTER TABLE audit_log ENABLE TRIGGER USER');
    } finally {
      await client.end();
    }
    expect(await verify()).toEqual({
      code: 1,
      output: `gatehouse: Audit log of acme is broken at entry seq 3 (id ${victim.id}): content does not match its hash (the entry was changed) (2 entries before it verified).\n`,
    });
  });
});
