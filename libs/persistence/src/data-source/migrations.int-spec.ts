import { DataSource } from 'typeorm';
import { ALL_MIGRATIONS } from '../migrations/all-migrations';
import { DATABASE_KINDS, TestDatabase, createTestDatabase } from '../testing/test-databases';
import { closeDataSource, createDataSource } from './create-data-source';
import { type MigrationProgress, runMigrations } from './run-migrations';

// PGlite runs Postgres in WASM: on a busy two-core machine one statement can take seconds.
jest.setTimeout(60_000);

const EXPECTED_TABLES = [
  'access_tokens',
  'account_links',
  'admin_audit_log',
  'audit_heads',
  'audit_log',
  'consents',
  'deliveries',
  'delivery_attempts',
  'job_runs',
  'jobs',
  'leaked_token_notices',
  'memberships',
  'migrations',
  'oauth_apps',
  'organization_token_policies',
  'organizations',
  'outbox',
  'passkeys',
  'personal_access_tokens',
  'recovery_codes',
  'refresh_tokens',
  'security_events',
  'sign_in_sessions',
  'signing_keys',
  'token_approvals',
  'totp_factors',
  'trusted_publishers',
  'users',
  'webhook_health',
  'webhooks',
];
// Opening a fresh PGlite directory runs initdb in WASM: several seconds.
const SLOW = 60_000;
const MIGRATION_NAMES = ALL_MIGRATIONS.map((migration) => new migration().name);

async function tableNames(ds: DataSource): Promise<string[]> {
  const rows: { table_name: string }[] = await ds.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  let database: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ds = await createDataSource(database.target);
  }, SLOW);

  afterAll(async () => {
    if (ds) await closeDataSource(ds);
    await database?.dispose();
  }, SLOW);

  it('applies the whole history to an empty database, reporting each, then nothing on a second run', async () => {
    const reported: MigrationProgress[] = [];
    const started = performance.now();
    const applied = await runMigrations(ds, { onMigrated: (progress) => reported.push(progress) });
    const elapsedMs = Math.round(performance.now() - started);
    console.log(`[persistence] ${kind}: ${applied.length} migrations applied in ${elapsedMs} ms`);

    expect(applied).toEqual(MIGRATION_NAMES);
    expect(reported).toEqual(
      MIGRATION_NAMES.map((name, index) => ({
        name,
        position: index + 1,
        total: MIGRATION_NAMES.length,
      })),
    );
    expect(await tableNames(ds)).toEqual(EXPECTED_TABLES);
    reported.length = 0;
    expect(await runMigrations(ds, { onMigrated: (progress) => reported.push(progress) })).toEqual(
      [],
    );
    expect(reported).toEqual([]);
  });

  it('leaves a schema that matches the entities exactly', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('indexes the referencing columns of every foreign key', async () => {
    // A key whose columns lead no index (a partial one on the non-null rows counts) makes every
    // delete of a referenced row scan the referencing table.
    const unindexed: { key: string }[] = await ds.query(
      `SELECT c.conrelid::regclass::text || '.' || c.conname AS key
         FROM pg_constraint c
        WHERE c.contype = 'f'
          AND NOT EXISTS (
            SELECT 1 FROM pg_index i
             WHERE i.indrelid = c.conrelid
               AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
               AND c.conkey @> (i.indkey::int2[])[0:cardinality(c.conkey) - 1])
        ORDER BY 1`,
    );
    expect(unindexed).toEqual([]);
  });

  it('creates no database-side id generator other than the bigserial sequences', async () => {
    const rows: { column_name: string; column_default: string }[] = await ds.query(
      `SELECT table_name || '.' || column_name AS column_name, column_default FROM information_schema.columns
        WHERE table_schema = 'public' AND column_default LIKE '%(%' AND column_default NOT LIKE 'now()%'
          AND table_name <> 'migrations'
        ORDER BY 1`,
    );
    expect(rows).toEqual([
      { column_name: 'audit_log.id', column_default: "nextval('audit_log_id_seq'::regclass)" },
      { column_name: 'outbox.id', column_default: "nextval('outbox_id_seq'::regclass)" },
    ]);
  });
});

describe('PGlite persistence', () => {
  it(
    'keeps data and the applied history under dataDir across restarts',
    async () => {
      const database = await createTestDatabase('pglite');
      try {
        const first = await createDataSource(database.target);
        await runMigrations(first);
        await first.query(
          `INSERT INTO organizations (id, name, fullname) VALUES ($1, 'acme', 'Acme')`,
          ['0'.repeat(24)],
        );
        await closeDataSource(first);

        const second = await createDataSource(database.target);
        try {
          expect(await runMigrations(second)).toEqual([]);
          expect(await second.query(`SELECT name FROM organizations`)).toEqual([{ name: 'acme' }]);
        } finally {
          await closeDataSource(second);
        }
      } finally {
        await database.dispose();
      }
    },
    SLOW,
  );
});

describe('PGlite data directory', () => {
  it(
    'cannot be opened twice at once',
    async () => {
      const database = await createTestDatabase('pglite');
      const first = await createDataSource(database.target);
      try {
        await expect(createDataSource(database.target)).rejects.toThrow(
          'is already open in this process',
        );
      } finally {
        await closeDataSource(first);
        await database.dispose();
      }
    },
    SLOW,
  );
});

describe('concurrent migrators on PostgreSQL', () => {
  it('apply each migration exactly once', async () => {
    const database = await createTestDatabase('postgres');
    const [a, b] = [
      await createDataSource(database.target),
      await createDataSource(database.target),
    ];
    try {
      const [fromA, fromB] = await Promise.all([runMigrations(a), runMigrations(b)]);
      expect([...fromA, ...fromB].sort()).toEqual([...MIGRATION_NAMES].sort());
      expect(await a.query(`SELECT count(*)::int AS n FROM migrations`)).toEqual([
        { n: MIGRATION_NAMES.length },
      ]);
    } finally {
      await closeDataSource(a);
      await closeDataSource(b);
      await database.dispose();
    }
  });
});
