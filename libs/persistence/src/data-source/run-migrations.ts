import { DataSource } from 'typeorm';
import { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { databaseTypeOf } from './create-data-source';

const MIGRATION_LOCK = 'gatehouse.migrations';

/** One migration applied: its name and place in the whole history (`position` of `total`). */
export interface MigrationProgress {
  name: string;
  position: number;
  total: number;
}

interface RunMigrationsOptions {
  /** Called after each migration applied, in order: a long first start can show its progress. */
  onMigrated?: (progress: MigrationProgress) => void;
}

/**
 * Applies the pending migrations, each in its own transaction, and returns their names (empty
 * when the schema is current). On PostgreSQL an advisory lock serializes concurrent migrators
 * (two replicas of the migration step); it needs a second connection, so it is skipped on PGlite
 * and on a pool of one.
 */
export async function runMigrations(
  ds: DataSource,
  options: RunMigrationsOptions = {},
): Promise<string[]> {
  if (options.onMigrated) reportEachMigration(ds, options.onMigrated);
  const poolSize = (ds.options as PostgresConnectionOptions).poolSize ?? 10;
  if (databaseTypeOf(ds) === 'pglite' || poolSize < 2) return applyPending(ds);

  const lock = ds.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      return await applyPending(ds);
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    await lock.release();
  }
}

/**
 * Makes each migration of `ds` report when its `up` has run. TypeORM runs them itself, one by one
 * in history order, and says nothing until the last: this is the only place between two of them.
 */
function reportEachMigration(
  ds: DataSource,
  onMigrated: NonNullable<RunMigrationsOptions['onMigrated']>,
): void {
  const total = ds.migrations.length;
  ds.migrations.forEach((migration, index) => {
    const up = migration.up.bind(migration);
    const name = migration.name ?? migration.constructor.name;
    migration.up = async (queryRunner) => {
      await up(queryRunner);
      onMigrated({ name, position: index + 1, total });
    };
  });
}

async function applyPending(ds: DataSource): Promise<string[]> {
  const applied = await ds.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}
