import { SecretBox } from '@gatehouse/crypto';
import {
  applySeed,
  closeDataSource,
  createDataSource,
  createSeedDeps,
  runMigrations,
} from '@gatehouse/persistence';
import { parseSeedDocument } from '@gatehouse/persistence/testing';
import { BENCH_SEED, VISITOR_PREFIX } from './bench-accounts';

/**
 * Migrates a fresh database, applies the benchmark's seed, and inserts `visitors` accounts that
 * all store `passwordHash` (one scrypt hash made once: the seed would spend ~0.1 s of CPU on each).
 */
export async function prepareGatehouseDatabase(
  databaseUrl: string,
  encryptionKey: string,
  visitors: number,
  passwordHash: string,
): Promise<void> {
  const ds = await createDataSource({ type: 'postgres', url: databaseUrl });
  try {
    await runMigrations(ds);
    await applySeed(
      ds,
      parseSeedDocument(BENCH_SEED, 'bench seed'),
      createSeedDeps(SecretBox.fromBase64Key(encryptionKey)),
    );
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

/** Gives bench-owner `count` URL webhooks, each watching a model of its own, for webhook-management's list to return. */
export async function insertOwnerWebhooks(databaseUrl: string, count: number): Promise<void> {
  const ds = await createDataSource({ type: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    await ds.query(
      `INSERT INTO webhooks (id, owner_user_id, url, watched, domains)
       SELECT 'be0d' || lpad(to_hex(g), 20, '0'), u.id, 'https://hooks.bench.example/' || g, jsonb_build_array(jsonb_build_object('type', 'model', 'name', 'bench-owner/model-' || g)), ARRAY['repo']
         FROM users u, generate_series(1, $1::int) AS g
        WHERE u.username = 'bench-owner'
       ON CONFLICT (id) DO NOTHING`,
      [count],
    );
  } finally {
    await closeDataSource(ds);
  }
}
