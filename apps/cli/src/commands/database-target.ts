import type { DatabaseTarget } from '@gatehouse/persistence';
import { join, resolve } from 'node:path';

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
}

/**
 * `--database-url` (or DATABASE_URL) selects a PostgreSQL server, as the distributed services
 * use; otherwise the all-in-one's PGlite files under `--data-dir` (or GATEHOUSE_DATA_DIR,
 * default ./.gatehouse) are used.
 */
export function databaseTarget(options: DatabaseOptions): DatabaseTarget {
  const url = options.databaseUrl ?? process.env.DATABASE_URL;
  if (url) return { type: 'postgres', url };
  return { type: 'pglite', dataDir: join(dataDirOf(options), 'pglite') };
}

function dataDirOf(options: DatabaseOptions): string {
  return resolve(options.dataDir ?? process.env.GATEHOUSE_DATA_DIR ?? '.gatehouse');
}

/** GATEHOUSE_ENCRYPTION_KEY, or for the all-in-one the key it keeps under its data directory. */
export async function encryptionKeyFor(
  options: DatabaseOptions,
  target: DatabaseTarget,
): Promise<string> {
  const configured = process.env.GATEHOUSE_ENCRYPTION_KEY;
  if (configured) return configured;
  if (target.type === 'postgres') {
    throw new Error(
      'GATEHOUSE_ENCRYPTION_KEY is required with a PostgreSQL database (base64 of 32 random bytes)',
    );
  }
  const { resolveEmbeddedSecrets } = await import('@gatehouse/config');
  return (await resolveEmbeddedSecrets(dataDirOf(options))).encryptionKey;
}
