import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty database of this suite's own on the server of the run's DATABASE_URL (set by the
 * integration tier's global setup), so migrations start from nothing and suites do not collide.
 */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  // eslint-disable-next-line no-restricted-properties -- test support reads what the integration tier's global setup exports
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    throw new Error('DATABASE_URL is not set: run this suite in the integration tier (jest --selectProjects integration), which starts PostgreSQL');
  }
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const name = `gatehouse_webhooks_${randomBytes(5).toString('hex')}`;
  await withClient(admin.toString(), (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(admin.toString(), (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withClient(url: string, fn: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${url} (${(error as Error).message})`);
  }
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
