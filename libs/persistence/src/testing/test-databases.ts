import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { newObjectId } from '@gatehouse/crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import {
  DatabaseTarget,
  closeDataSource,
  createDataSource,
} from '../data-source/create-data-source';
import { startPgliteBridge } from '../data-source/pglite-socket-bridge';
import { runMigrations } from '../data-source/run-migrations';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The server the integration tier uses, reached through its maintenance database: the global
 * setup's GATEHOUSE_TEST_PG_URL, else the server of its DATABASE_URL, else the local default.
 * Each suite makes databases of its own there, since migrations must start from an empty one.
 */
function adminUrl(): string {
  // eslint-disable-next-line no-restricted-properties -- test support reads what the test tier's global setup exports
  const { GATEHOUSE_TEST_PG_URL: serverUrl, DATABASE_URL: runDatabaseUrl } = process.env;
  if (serverUrl) return serverUrl;
  if (!runDatabaseUrl) return DEFAULT_ADMIN_URL;
  const url = new URL(runDatabaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const url = adminUrl();
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${url} (${(error as Error).message}). ` +
        'Start PostgreSQL 15+ on 127.0.0.1:5432 with a trusted `postgres` user, or set DATABASE_URL.',
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  readonly target: DatabaseTarget;
  dispose(): Promise<void>;
}

/** A fresh, empty PostgreSQL database of its own, dropped by `dispose`. */
async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const name = `gatehouse_persistence_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    target: { type: 'postgres', url: url.toString() },
    dispose: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/**
 * A fresh PGlite data directory under the system's temp dir, removed by `dispose`. Running
 * initdb in WASM takes seconds, so it runs once per machine into a template that is copied.
 */
async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const template = await pgliteTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-pglite-test-'));
  cpSync(template, dataDir, { recursive: true });
  return {
    target: { type: 'pglite', dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function pgliteTemplate(): Promise<string> {
  const packageJson = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8'));
  const template = join(tmpdir(), `gatehouse-pglite-template-${version}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  // Built aside and renamed into place, so parallel test workers never copy a half-made one.
  const building = mkdtempSync(join(tmpdir(), 'gatehouse-pglite-template-building-'));
  const bridge = await startPgliteBridge(building);
  await bridge.stop();
  try {
    renameSync(building, template);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(template, 'PG_VERSION'))) throw error;
  }
  return template;
}

export type DatabaseKind = DatabaseTarget['type'];
export const DATABASE_KINDS: DatabaseKind[] = ['postgres', 'pglite'];

export function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'postgres' ? createPostgresTestDatabase() : createPgliteTestDatabase();
}

/** A migrated data source on a fresh database of `kind`; `dispose` closes and removes it. */
export async function openMigratedDataSource(
  kind: DatabaseKind,
): Promise<{ ds: DataSource; dispose(): Promise<void> }> {
  const database = await createTestDatabase(kind);
  const ds = await createDataSource(database.target);
  await runMigrations(ds);
  return {
    ds,
    async dispose() {
      await closeDataSource(ds);
      await database.dispose();
    },
  };
}

/** A 24-hex object id for fixtures (ids are generated in code, never by the database). */
export function testId(): string {
  return newObjectId();
}
