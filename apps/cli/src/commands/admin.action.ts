import 'reflect-metadata';
import { SecretBox } from '@gatehouse/crypto';
import {
  applySeed,
  closeDataSource,
  createDataSource,
  createSeedDeps,
  loadSeedFile,
  type ReencryptProgress,
  type ReencryptReport,
  reencryptSecrets,
  runMigrations,
} from '@gatehouse/persistence';
import type { DataSource } from 'typeorm';
import { databaseTarget, type DatabaseOptions, encryptionKeyFor } from './database-target';

// The database side of `gatehouse admin`, loaded only when one of its commands runs: TypeORM and
// the entities are most of the CLI's start-up cost, and `--help` or `auth login` need none of it.

async function withDataSource<T>(
  options: DatabaseOptions,
  use: (ds: DataSource) => Promise<T>,
): Promise<T> {
  const ds = await createDataSource(databaseTarget(options));
  try {
    return await use(ds);
  } finally {
    await closeDataSource(ds);
  }
}

/** Applies pending migrations; returns their names. */
export function migrate(options: DatabaseOptions): Promise<string[]> {
  return withDataSource(options, runMigrations);
}

export async function seed(file: string, options: DatabaseOptions) {
  const seedFile = await loadSeedFile(file);
  const key = await encryptionKeyFor(options, databaseTarget(options));
  return withDataSource(options, (ds) =>
    applySeed(ds, seedFile, createSeedDeps(SecretBox.fromKeyRing(key))),
  );
}

export async function rotateKeys(
  options: DatabaseOptions,
): Promise<{ current: string; previous: string | null }> {
  const key = await encryptionKeyFor(options, databaseTarget(options));
  const { rotateSigningKeys } = await import('@gatehouse/feature-auth');
  return withDataSource(options, (ds) => rotateSigningKeys(ds, key));
}

export async function reencrypt(
  options: DatabaseOptions,
  onProgress: (progress: ReencryptProgress) => void,
): Promise<{ sealingKey: string | null; report: ReencryptReport }> {
  const key = await encryptionKeyFor(options, databaseTarget(options));
  const box = SecretBox.fromKeyRing(key);
  const report = await withDataSource(options, (ds) => reencryptSecrets(ds, box, { onProgress }));
  return { sealingKey: box.sealingKeyId, report };
}
