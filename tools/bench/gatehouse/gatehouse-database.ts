import { SecretBox } from '@gatehouse/crypto';
import { applySeed, closeDataSource, createDataSource, createSeedDeps, runMigrations } from '@gatehouse/persistence';
import { parseSeedDocument } from '@gatehouse/persistence/testing';
import { BENCH_SEED, VISITOR_PREFIX } from './bench-accounts';

/**
 * Migrates a fresh database, applies the benchmark's seed, and inserts `visitors` accounts that
 * all store `passwordHash` (one scrypt hash made once: the seed would spend ~0.1 s of CPU on each).
 */
export async function prepareGatehouseDatabase(databaseUrl: string, encryptionKey: string, visitors: number, passwordHash: string): Promise<void> {
  const ds = await createDataSource({ type: 'postgres', url: databaseUrl });
  try {
    await runMigrations(ds);
    await applySeed(ds, parseSeedDocument(BENCH_SEED, 'bench seed'), createSeedDeps(SecretBox.fromBase64Key(encryptionKey)));
    await ds.query(
      `INSERT INTO users (id, username, email, fullname, password_hash)
       SELECT lpad(to_hex(16777216 + i), 24, '0'), $1 || i, $1 || i || '@bench.example', 'Visitor ' || i, $2
       FROM generate_series(1, $3::int) AS i`,
      [VISITOR_PREFIX, passwordHash, visitors],
    );
  } finally {
    await closeDataSource(ds);
  }
}
