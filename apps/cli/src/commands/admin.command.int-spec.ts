import { createTestDatabase, dropTestDatabase, TestDatabase } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildProgram } from '../program';

const DEMO_SEED = join(__dirname, '../../../../libs/persistence/seed/demo.yaml');

describe('gatehouse admin, against PostgreSQL', () => {
  let database: TestDatabase;
  const out: string[] = [];
  const run = (...args: string[]) =>
    buildProgram({ out: (text) => out.push(text), err: (text) => out.push(text) }).parseAsync([
      'node',
      'gatehouse',
      'admin',
      ...args,
      '--database-url',
      database.url,
    ]);
  const query = async (sql: string) => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    process.env.GATEHOUSE_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  });

  afterAll(async () => {
    delete process.env.GATEHOUSE_ENCRYPTION_KEY;
    await dropTestDatabase(database.name);
  });

  beforeEach(() => out.splice(0));

  it('migrates, and a second run has nothing to do', async () => {
    await run('migrate');
    expect(out.join('\n')).toMatch(/^Applied \d+ migration\(s\):/);
    out.splice(0);
    await run('migrate');
    expect(out).toEqual(['Schema is up to date.']);
  });

  it('applies a seed, and applying it again changes nothing', async () => {
    await run('seed', DEMO_SEED);
    const first = JSON.parse(out.join('')) as Record<string, { created: number; updated: number }>;
    expect(first.users).toMatchObject({ created: 2, updated: 0 });
    out.splice(0);
    await run('seed', DEMO_SEED);
    const second = JSON.parse(out.join('')) as Record<
      string,
      { created: number; updated: number; unchanged: number }
    >;
    expect(second.users).toEqual({ created: 0, updated: 0, unchanged: 2 });
    expect(await query('SELECT username FROM users ORDER BY username')).toEqual([
      { username: 'alice' },
      { username: 'bob' },
    ]);
  });

  it('rotates the signing key, keeping the previous one published', async () => {
    await run('rotate-keys');
    await run('rotate-keys');
    const [, second] = out;
    const current = /Current signing key: (\S+)/.exec(second)![1];
    const previous = /Previous \(still published\): (\S+)/.exec(second)![1];
    expect(
      await query(
        "SELECT kid, status FROM signing_keys WHERE status IN ('current', 'previous') ORDER BY status",
      ),
    ).toEqual([
      { kid: current, status: 'current' },
      { kid: previous, status: 'previous' },
    ]);
  });
});
