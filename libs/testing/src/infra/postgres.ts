import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * How long a connection to the local server may take: a server that is down refuses at once, so
 * this bounds only a slow answer, which a two-core machine busy with other suites can give.
 */
const CONNECT_TIMEOUT_MS = 30_000;

export const DEFAULT_TEST_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const POSTGRES_START_HINT =
  "start it with 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start', " +
  'or point GATEHOUSE_TEST_PG_URL at a server where this user may CREATE DATABASE';

export interface TestDatabase {
  name: string;
  /** Connection URL of the new database (becomes DATABASE_URL). */
  url: string;
  /** e.g. "15.19". */
  serverVersion: string;
  /** `host:port` of the server, for messages. */
  address: string;
}

/** The server-level URL tests administer databases through: GATEHOUSE_TEST_PG_URL or the local default. */
export function testPostgresUrl(): string {
  return process.env.GATEHOUSE_TEST_PG_URL ?? DEFAULT_TEST_PG_URL;
}

/** Creates an empty database `<prefix>_<random>` on the server behind `adminUrl`. */
export async function createTestDatabase(
  adminUrl = testPostgresUrl(),
  prefix = 'gatehouse_test',
): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const client = await connectAdmin(adminUrl);
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    await client.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      name,
      url: url.toString(),
      serverVersion: rows[0].server_version.split(' ')[0],
      address: url.host,
    };
  } finally {
    await client.end();
  }
}

/** Drops a database made by createTestDatabase, closing whatever connections are still open on it. */
export async function dropTestDatabase(name: string, adminUrl = testPostgresUrl()): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name))
    throw new Error(`Refusing to drop database with unexpected name '${name}'`);
  const client = await connectAdmin(adminUrl);
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function connectAdmin(adminUrl: string): Promise<Client> {
  const client = new Client({
    connectionString: adminUrl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new Error(
      `PostgreSQL is not reachable at ${redact(adminUrl)} (${(error as Error).message}): ${POSTGRES_START_HINT}`,
    );
  }
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
