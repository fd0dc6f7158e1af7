import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty database of its own on the server of `serverUrl` (the run's DATABASE_URL), for a
 * suite that migrates: the run's shared database is left as other suites expect it.
 */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const name = `gatehouse_platform_${randomBytes(5).toString('hex')}`;
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
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
