import { join } from 'node:path';
import { SecretBox, hashToken, verifyPassword } from '@gatehouse/crypto';
import { generateSecretBoxKey } from '@gatehouse/crypto/testing';
import { FrozenClock } from '@gatehouse/domain/testing';
import { DataSource } from 'typeorm';
import { DATABASE_KINDS, openMigratedDataSource, testId } from '../testing/test-databases';
import { applySeed } from './apply-seed';
import { loadSeedFile } from './load-seed-file';
import { SeedDeps, createSeedDeps } from './seed-deps';
import { SeedError } from './seed.error';
import { SeedDocument, SeedInput, parseSeedDocument } from './seed-schema';

// PGlite runs Postgres in WASM: on a busy two-core machine one statement can take seconds.
jest.setTimeout(60_000);

const DEMO_SEED = join(__dirname, '../../seed/demo.yaml');
const SEEDED_TABLES = [
  'users',
  'organizations',
  'memberships',
  'oauth_apps',
  'personal_access_tokens',
  'jobs',
  'trusted_publishers',
];

/** Fakes that make every effect visible: a re-hash or re-seal would change the stored value. */
function fakeDeps(clock: FrozenClock): SeedDeps & { hashed: string[]; sealed: string[] } {
  let counter = 0;
  const hashed: string[] = [];
  const sealed: string[] = [];
  return {
    hashed,
    sealed,
    hashPassword: async (password) => {
      hashed.push(password);
      return `fake-hash:${password}:${++counter}`;
    },
    verifyPassword: async (password, stored) => stored.startsWith(`fake-hash:${password}:`),
    hashToken,
    encrypt: (plain, context) => {
      sealed.push(plain);
      return `sealed:${context}:${Buffer.from(plain).toString('base64')}:${++counter}`;
    },
    decrypt: (box, context) => {
      const [, boxContext, value] = box.split(':');
      if (boxContext !== context) throw new Error('wrong context');
      return Buffer.from(value, 'base64').toString();
    },
    newId: () => testId(),
    newClientId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
    clock,
  };
}

async function snapshot(ds: DataSource): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of SEEDED_TABLES)
    tables[table] = await ds.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  return tables;
}

describe.each(DATABASE_KINDS)('applySeed on %s', (kind) => {
  let ds: DataSource;
  let dispose: () => Promise<void>;
  let demo: SeedDocument;

  beforeAll(async () => {
    ({ ds, dispose } = await openMigratedDataSource(kind));
    demo = await loadSeedFile(DEMO_SEED);
  }, 60_000);
  afterAll(() => dispose?.(), 60_000);
  beforeEach(() => ds.query(`TRUNCATE ${SEEDED_TABLES.join(', ')} CASCADE`));

  it('creates the demo seed, and a second application changes nothing', async () => {
    const clock = new FrozenClock(Date.UTC(2026, 0, 1));
    const deps = fakeDeps(clock);

    const first = await applySeed(ds, demo, deps);
    expect(first).toEqual({
      users: { created: 2, updated: 0, unchanged: 0 },
      organizations: { created: 1, updated: 0, unchanged: 0 },
      memberships: { created: 2, updated: 0, unchanged: 0 },
      apps: { created: 5, updated: 0, unchanged: 0 },
      accessTokens: { created: 1, updated: 0, unchanged: 0 },
      jobs: { created: 1, updated: 0, unchanged: 0 },
      trustedPublishers: { created: 1, updated: 0, unchanged: 0 },
      generatedClientIds: [],
    });
    const before = await snapshot(ds);
    const [hashedBefore, sealedBefore] = [deps.hashed.length, deps.sealed.length];

    clock.advance(3_600_000);
    const second = await applySeed(ds, demo, deps);

    expect(second).toEqual({
      users: { created: 0, updated: 0, unchanged: 2 },
      organizations: { created: 0, updated: 0, unchanged: 1 },
      memberships: { created: 0, updated: 0, unchanged: 2 },
      apps: { created: 0, updated: 0, unchanged: 5 },
      accessTokens: { created: 0, updated: 0, unchanged: 1 },
      jobs: { created: 0, updated: 0, unchanged: 1 },
      trustedPublishers: { created: 0, updated: 0, unchanged: 1 },
      generatedClientIds: [],
    });
    expect(await snapshot(ds)).toEqual(before);
    expect([deps.hashed.length, deps.sealed.length]).toEqual([hashedBefore, sealedBefore]);
  });

  it('stores what the demo declares: hashes, sealed secrets, public and bound apps', async () => {
    await applySeed(ds, demo, fakeDeps(new FrozenClock()));

    const [alice] = await ds.query(
      `SELECT id, password_hash, is_pro FROM users WHERE username = 'alice'`,
    );
    expect(alice.password_hash).toMatch(/^fake-hash:gatehouse-demo:/);
    expect(alice.is_pro).toBe(true);
    expect(
      await ds.query(
        `SELECT u.username, m.role FROM memberships m JOIN users u ON u.id = m.user_id ORDER BY u.username`,
      ),
    ).toEqual([
      { username: 'alice', role: 'admin' },
      { username: 'bob', role: 'read' },
    ]);
    const apps = await ds.query(
      `SELECT a.client_id, a.client_secret_hash, a.token_exchange, o.name AS bound_org, a.token_exchange_ttl_seconds AS ttl
         FROM oauth_apps a LEFT JOIN organizations o ON o.id = a.bound_org_id ORDER BY a.name`,
    );
    expect(apps).toEqual([
      {
        client_id: '6b1c2d3e-4f50-4a61-8b72-9c83d4e5f607',
        client_secret_hash: hashToken('acme-exchange-secret-0123456789'),
        token_exchange: true,
        bound_org: 'acme',
        ttl: 28800,
      },
      {
        client_id: '3c5e7a90-1b2d-4e6f-8a0b-2c4d6e8f0a1b',
        client_secret_hash: hashToken('demo-space-secret-0123456789'),
        token_exchange: false,
        bound_org: null,
        ttl: null,
      },
      {
        client_id: '0f6f4d1e-5a7b-4c3d-9e2f-1a2b3c4d5e6f',
        client_secret_hash: hashToken('demo-web-app-secret-0123456789'),
        token_exchange: false,
        bound_org: null,
        ttl: null,
      },
      {
        client_id: 'gatehouse-cli',
        client_secret_hash: null,
        token_exchange: false,
        bound_org: null,
        ttl: null,
      },
      {
        client_id: '26be6b09-91c5-47da-9861-d2d2bb7a7e36',
        client_secret_hash: null,
        token_exchange: false,
        bound_org: null,
        ttl: null,
      },
    ]);
    expect(
      await ds.query(`SELECT user_id, name, role, token_hash FROM personal_access_tokens`),
    ).toEqual([
      {
        user_id: alice.id,
        name: 'demo-write',
        role: 'write',
        token_hash: hashToken('hf_demoAliceWriteToken000000000000000'),
      },
    ]);
    const [job] = await ds.query(
      `SELECT id, command, docker_image, environment, secrets_encrypted FROM jobs`,
    );
    expect(job).toMatchObject({
      id: '66a1f0c0d0e0f0a0b0c0d0e1',
      command: ['python', '-c', "import os; print(os.environ.get('WEBHOOK_PAYLOAD', ''))"],
      docker_image: 'python:3.12-slim',
      environment: { LOG_LEVEL: 'info' },
    });
    expect(job.secrets_encrypted.DEMO_API_KEY).toMatch(
      /^sealed:jobs\/66a1f0c0d0e0f0a0b0c0d0e1\/secrets\/DEMO_API_KEY:/,
    );
  });

  it('updates only what changed, and moves updated_at only on changed apps', async () => {
    const clock = new FrozenClock(Date.UTC(2026, 0, 1));
    const deps = fakeDeps(clock);
    await applySeed(ds, demo, deps);
    const appsBefore = await ds.query(`SELECT name, updated_at FROM oauth_apps ORDER BY name`);

    const changed: SeedInput = structuredClone(demo);
    changed.users![1].fullname = 'Robert Builder';
    changed.users![0].password = 'a-new-password';
    changed.organizations![0].members![1].role = 'write';
    changed.apps![1].scopes = ['openid'];
    changed.jobs![0].secrets = { DEMO_API_KEY: 'rotated' };
    clock.advance(60_000);
    const report = await applySeed(ds, parseSeedDocument(changed), deps);

    expect([report.users, report.memberships, report.apps, report.jobs]).toEqual([
      { created: 0, updated: 2, unchanged: 0 },
      { created: 0, updated: 1, unchanged: 1 },
      { created: 0, updated: 1, unchanged: 4 },
      { created: 0, updated: 1, unchanged: 0 },
    ]);
    expect(deps.hashed.slice(-1)).toEqual(['a-new-password']);
    expect(deps.sealed.slice(-1)).toEqual(['rotated']);
    const appsAfter = await ds.query(`SELECT name, updated_at FROM oauth_apps ORDER BY name`);
    expect(appsAfter).toEqual([
      appsBefore[0],
      appsBefore[1],
      { name: 'demo-web-app', updated_at: new Date(clock.now()) },
      appsBefore[3],
      appsBefore[4],
    ]);
  });

  it('generates a client id once for an app declared without one, then finds it by owner and name', async () => {
    const seed = parseSeedDocument({
      users: [
        { username: 'dana', email: 'dana@example.com', fullname: 'Dana', password: 'password-1' },
      ],
      apps: [{ name: 'notebook', owner: 'dana', scopes: ['openid'] }],
    });
    const deps = fakeDeps(new FrozenClock());
    const first = await applySeed(ds, seed, deps);
    const second = await applySeed(ds, seed, deps);

    expect(first.generatedClientIds).toEqual([
      { app: 'notebook', owner: 'dana', clientId: expect.stringMatching(/^00000000-/) },
    ]);
    expect(second.generatedClientIds).toEqual([]);
    expect(second.apps).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(await ds.query(`SELECT client_id FROM oauth_apps`)).toEqual([
      { client_id: first.generatedClientIds[0].clientId },
    ]);
  });

  it('refuses an unknown reference by its path and applies nothing', async () => {
    const seed = parseSeedDocument({
      users: [
        { username: 'erin', email: 'erin@example.com', fullname: 'Erin', password: 'password-1' },
      ],
      organizations: [
        {
          name: 'orphans',
          fullname: 'Orphans',
          plan: 'free',
          members: [{ username: 'ghost', role: 'read' }],
        },
      ],
    });
    const failure = applySeed(ds, seed, fakeDeps(new FrozenClock()));
    await expect(failure).rejects.toThrow(SeedError);
    await expect(failure).rejects.toThrow(
      'organizations[0].members[0].username: No user "ghost" in the seed or the database',
    );
    expect(await ds.query(`SELECT count(*)::int AS n FROM users`)).toEqual([{ n: 0 }]);
  });

  it('refuses an e-mail address that belongs to another user', async () => {
    const deps = fakeDeps(new FrozenClock());
    await applySeed(ds, demo, deps);
    const seed = parseSeedDocument({
      users: [
        { username: 'mallory', email: 'ALICE@example.com', fullname: 'M', password: 'password-1' },
      ],
    });
    await expect(applySeed(ds, seed, deps)).rejects.toThrow(
      'users[0].email: Already the e-mail address of user "alice"',
    );
  });

  it('works with the production wiring: scrypt hashes that verify and are kept on re-application', async () => {
    const box = SecretBox.fromBase64Key(generateSecretBoxKey());
    const deps = createSeedDeps(box);
    const seed = parseSeedDocument({
      users: [
        {
          username: 'alice',
          email: 'alice@example.com',
          fullname: 'Alice',
          password: 'gatehouse-demo',
        },
      ],
      jobs: [
        {
          id: '66a1f0c0d0e0f0a0b0c0d0e1',
          owner: 'alice',
          command: ['true'],
          secrets: { TOKEN: 's3cret' },
        },
      ],
    });
    await applySeed(ds, seed, deps);
    const before = await snapshot(ds);
    const second = await applySeed(ds, seed, deps);

    const [{ password_hash }] = await ds.query(`SELECT password_hash FROM users`);
    expect(await verifyPassword('gatehouse-demo', password_hash)).toBe(true);
    const [{ secrets_encrypted }] = await ds.query(`SELECT secrets_encrypted FROM jobs`);
    expect(
      box.decrypt(secrets_encrypted.TOKEN, 'jobs/66a1f0c0d0e0f0a0b0c0d0e1/secrets/TOKEN'),
    ).toBe('s3cret');
    expect([second.users, second.jobs]).toEqual([
      { created: 0, updated: 0, unchanged: 1 },
      { created: 0, updated: 0, unchanged: 1 },
    ]);
    expect(await snapshot(ds)).toEqual(before);
  });
});
