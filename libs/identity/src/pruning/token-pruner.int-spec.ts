import { FrozenClock } from '@gatehouse/domain/testing';
import { createMigratedTestDatabase, MigratedTestDatabase } from '@gatehouse/testing';
import { SqlExpiredTokenStore } from './infrastructure/sql-expired-token.store';
import { TokenPruner } from './token-pruner';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);
const PER_DAY = 300;

/**
 * A month of traffic, a day at a time: each day issues access and refresh tokens that expire the
 * next day, then the pruner runs. With a retention of 7 days the tables stop growing after a week.
 */
describe('TokenPruner on PostgreSQL', () => {
  let database: MigratedTestDatabase;
  const silent = { info: () => undefined, warn: () => undefined };

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ prefix: 'gatehouse_token_pruner' });
    await database.dataSource.query(
      `INSERT INTO users (id, username, email, fullname, password_hash) VALUES ('65a000000000000000000001', 'ada', 'ada@example.com', 'Ada', 'x')`,
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function issueDay(day: number): Promise<void> {
    const issuedAt = new Date(START + day * DAY_MS);
    const expiresAt = new Date(issuedAt.getTime() + DAY_MS);
    await database.dataSource.query(
      `INSERT INTO access_tokens (id, token_hash, kind, user_id, client_id, expires_at, created_at)
       SELECT 'a' || lpad(to_hex($1::int * 100000 + n), 23, '0'), md5('a' || $1 || '-' || n) || md5('x' || $1 || '-' || n), 'oauth',
              '65a000000000000000000001', 'app', $2, $3
         FROM generate_series(1, $4) AS n`,
      [day, expiresAt, issuedAt, PER_DAY],
    );
    await database.dataSource.query(
      `INSERT INTO refresh_tokens (id, token_hash, family_id, client_id, user_id, auth_time, expires_at, created_at)
       SELECT 'b' || lpad(to_hex($1::int * 100000 + n), 23, '0'), md5('r' || $1 || '-' || n) || md5('y' || $1 || '-' || n), lpad(to_hex(n), 24, '0'),
              'app', '65a000000000000000000001', $3, $2, $3
         FROM generate_series(1, $4) AS n`,
      [day, expiresAt, issuedAt, PER_DAY],
    );
  }

  const count = async (table: string) =>
    Number((await database.dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  it('keeps each token table flat at the retention window once it is reached', async () => {
    const clock = new FrozenClock(START);
    const pruner = new TokenPruner(
      { store: new SqlExpiredTokenStore(database.dataSource), clock, logger: silent },
      { retentionMs: 7 * DAY_MS, intervalMs: DAY_MS, batchSize: 250 },
    );
    const sizes: number[] = [];
    for (let day = 0; day < 30; day++) {
      clock.set(START + day * DAY_MS);
      await issueDay(day);
      await pruner.pruneOnce();
      sizes.push(await count('access_tokens'));
      expect(await count('refresh_tokens')).toBe(sizes[day]);
    }
    // Tokens of day d expire on day d+1 and go once that is more than 7 days ago: from day 9 on,
    // the tables hold the last nine days.
    expect(sizes.slice(0, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((days) => days * PER_DAY));
    expect(new Set(sizes.slice(9))).toEqual(new Set([9 * PER_DAY]));
  });

  it('reports what it deleted, in batches, and leaves tokens inside the retention alone', async () => {
    const clock = new FrozenClock(START + 40 * DAY_MS);
    const pruner = new TokenPruner(
      { store: new SqlExpiredTokenStore(database.dataSource), clock, logger: silent },
      { retentionMs: 7 * DAY_MS, intervalMs: DAY_MS, batchSize: 250 },
    );
    const before = await count('access_tokens');
    expect(await pruner.pruneOnce()).toEqual({
      accessTokens: before,
      refreshTokens: before,
      jobTokens: 0,
    });
    expect(await pruner.pruneOnce()).toEqual({ accessTokens: 0, refreshTokens: 0, jobTokens: 0 });
  });

  it("deletes the expired tokens of Job webhooks' launches, never a personal token someone made", async () => {
    const now = START + 60 * DAY_MS;
    const pruner = new TokenPruner(
      {
        store: new SqlExpiredTokenStore(database.dataSource),
        clock: new FrozenClock(now),
        logger: silent,
      },
      { retentionMs: 7 * DAY_MS, intervalMs: DAY_MS, batchSize: 250 },
    );
    const grant = JSON.stringify({ global: [], scoped: [], canReadGatedRepos: true });
    const insert = (id: string, name: string, expiresAt: number) =>
      database.dataSource.query(
        `INSERT INTO personal_access_tokens (id, token_hash, user_id, name, role, fine_grained, expires_at)
         VALUES ($1, $2, '65a000000000000000000001', $3, 'fineGrained', $4::jsonb, $5)`,
        [id, id.padEnd(64, '0'), name, grant, new Date(expiresAt)],
      );
    await insert('65b0000000000000000000a1', 'Job webhook 65c delivery 65d', now - 10 * DAY_MS);
    await insert('65b0000000000000000000a2', 'Job webhook 65c delivery 65e', now - DAY_MS);
    await insert('65b0000000000000000000a3', 'ci-upload', now - 10 * DAY_MS);
    expect(await pruner.pruneOnce()).toMatchObject({ jobTokens: 1 });
    const left = (await database.dataSource.query(
      'SELECT id FROM personal_access_tokens ORDER BY id',
    )) as Array<{ id: string }>;
    expect(left.map((row) => row.id)).toEqual([
      '65b0000000000000000000a2',
      '65b0000000000000000000a3',
    ]);
  });
});
