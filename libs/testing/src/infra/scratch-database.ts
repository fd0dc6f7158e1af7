import { createTestDatabase, dropTestDatabase, TestDatabase, testPostgresUrl } from './postgres';

export interface ScratchDatabase extends TestDatabase {
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

export interface ScratchDatabaseOptions {
  /** Name prefix, so a leftover database tells which suite made it. */
  prefix?: string;
  /** A URL of any database on the server to use (e.g. the run's DATABASE_URL); default testPostgresUrl(). */
  onServerOf?: string;
}

/**
 * An empty database of the caller's own, for a suite that migrates from nothing or must not
 * disturb the run's shared database.
 */
export async function createScratchDatabase(
  options: ScratchDatabaseOptions = {},
): Promise<ScratchDatabase> {
  const adminUrl = maintenanceUrl(options.onServerOf);
  const database = await createTestDatabase(adminUrl, options.prefix);
  return { ...database, drop: () => dropTestDatabase(database.name, adminUrl) };
}

function maintenanceUrl(onServerOf: string | undefined): string {
  if (!onServerOf) return testPostgresUrl();
  const url = new URL(onServerOf);
  url.pathname = '/postgres';
  return url.toString();
}
