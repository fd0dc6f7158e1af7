import { DataSource } from 'typeorm';
import { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { databaseTypeOf } from './create-data-source';

const MIGRATION_LOCK = 'gatehouse.migrations';

/**
 * Applies the pending migrations, each in its own transaction, and returns their names (empty
 * when the schema is current). On PostgreSQL an advisory lock serializes concurrent migrators
 * (two replicas of the migration step); it needs a second connection, so it is skipped on PGlite
 * and on a pool of one.
 */
export async function runMigrations(ds: DataSource): Promise<string[]> {
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

async function applyPending(ds: DataSource): Promise<string[]> {
  const applied = await ds.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}
