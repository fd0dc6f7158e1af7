import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';

/**
 * How long a connection to the local server may take: a server that is down refuses at once, so
 * this bounds only a slow answer, which a two-core machine busy with other suites can give.
 */
const CONNECT_TIMEOUT_MS = 30_000;

export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';
export const REDIS_START_HINT =
  'start it with \'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no ' +
  "--dir /var/lib/redis --logfile /var/log/redis/ci.log', or set GATEHOUSE_TEST_REDIS_URL";

/** Claims on numbered databases live in db 0, so parallel test runs never share one. */
const CLAIM_KEY = (db: number) => `gatehouse:test-db-claim:${db}`;
const CLAIM_TTL_SECONDS = 6 * 3600;

export interface TestRedis {
  /** Base URL with this run's database number as its path (becomes REDIS_URL). */
  url: string;
  db: number;
  /** A key prefix unique to this run. */
  prefix: string;
  serverVersion: string;
  address: string;
  claimToken: string;
}

/**
 * A key prefix of one suite's own under this run's (`GATEHOUSE_TEST_REDIS_PREFIX`), so suites and
 * their reruns never read each other's keys: `<run prefix><label>-<8 hex>:`.
 */
export function testRedisPrefix(label: string): string {
  return `${process.env.GATEHOUSE_TEST_REDIS_PREFIX ?? 'gatehouse-test:'}${label}-${randomBytes(4).toString('hex')}:`;
}

export function testRedisUrl(): string {
  return process.env.GATEHOUSE_TEST_REDIS_URL ?? DEFAULT_TEST_REDIS_URL;
}

/**
 * Pings Redis, claims a free numbered database (1..n) for this run and flushes it. Fails with how
 * to start Redis when it does not answer.
 */
export async function claimTestRedis(baseUrl = testRedisUrl()): Promise<TestRedis> {
  const redis = await connect(baseUrl);
  try {
    const serverVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
    const databases = await databaseCount(redis);
    const claimToken = randomBytes(8).toString('hex');
    for (const db of shuffled(range(1, databases - 1))) {
      if ((await redis.set(CLAIM_KEY(db), claimToken, 'EX', CLAIM_TTL_SECONDS, 'NX')) !== 'OK')
        continue;
      await redis.select(db);
      await redis.flushdb();
      const url = new URL(baseUrl);
      url.pathname = `/${db}`;
      const prefix = `gh-test-${claimToken}:`;
      return { url: url.toString(), db, prefix, serverVersion, address: url.host, claimToken };
    }
    throw new Error(
      `Every Redis database 1..${databases - 1} at ${baseUrl} is claimed by another test run (keys gatehouse:test-db-claim:* in db 0)`,
    );
  } finally {
    redis.disconnect();
  }
}

/** Flushes the run's database and gives its claim back. */
export async function releaseTestRedis(claim: TestRedis): Promise<void> {
  const redis = await connect(claim.url);
  try {
    await redis.flushdb();
    await redis.select(0);
    if ((await redis.get(CLAIM_KEY(claim.db))) === claim.claimToken)
      await redis.del(CLAIM_KEY(claim.db));
  } finally {
    redis.disconnect();
  }
}

async function connect(url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: CONNECT_TIMEOUT_MS,
  });
  redis.on('error', () => undefined); // surfaced through connect()/ping() below
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis is not reachable at ${url} (${(error as Error).message}): ${REDIS_START_HINT}`,
    );
  }
}

async function databaseCount(redis: Redis): Promise<number> {
  const reply = (await redis.config('GET', 'databases').catch(() => [])) as string[];
  const count = Number(reply[1]);
  return Number.isInteger(count) && count > 1 ? count : 16;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomBytes(1)[0] % (i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
