import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { describeFlowStoreContract } from './flow.store.contract';
import { RedisFlowStore } from './redis-flow.store';

// The integration tier's global setup points REDIS_URL at a database claimed for this run.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN_PREFIX = `${process.env.GATEHOUSE_TEST_REDIS_PREFIX ?? 'gh-test:'}flow-state-${randomBytes(4).toString('hex')}:`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describeFlowStoreContract('RedisFlowStore', async (keyPrefix) => ({
  store: await RedisFlowStore.connect(REDIS_URL, { keyPrefix: RUN_PREFIX + keyPrefix }),
  advance: sleep,
}));

describe('RedisFlowStore on a real Redis', () => {
  let raw: Redis;

  beforeAll(async () => {
    raw = new Redis(REDIS_URL, { lazyConnect: true });
    await raw.connect();
  });

  afterAll(async () => {
    const leftovers = await raw.keys(`${RUN_PREFIX}*`);
    if (leftovers.length > 0) await raw.del(...leftovers);
    await raw.quit();
  });

  it('writes prefixed keys with a millisecond TTL', async () => {
    const store = await RedisFlowStore.connect(REDIS_URL, { keyPrefix: `${RUN_PREFIX}raw:` });
    await store.put('code', 'v', 5000);
    expect(await raw.get(`${RUN_PREFIX}raw:code`)).toBe('v');
    const pttl = await raw.pttl(`${RUN_PREFIX}raw:code`);
    expect(pttl).toBeGreaterThan(4000);
    expect(pttl).toBeLessThanOrEqual(5000);
    await store.close();
  });

  it('gives a counter left without expiry a window on its next increment', async () => {
    const store = await RedisFlowStore.connect(REDIS_URL, { keyPrefix: `${RUN_PREFIX}raw:` });
    await raw.set(`${RUN_PREFIX}raw:legacy`, '7');
    expect(await store.ttl('legacy')).toBe(Number.POSITIVE_INFINITY);
    expect(await store.increment('legacy', 5000)).toBe(8);
    expect(await store.ttl('legacy')).toBeGreaterThan(4000);
    await store.close();
  });

  it('uses a connection it is given and leaves it open on close', async () => {
    const shared = new Redis(REDIS_URL);
    const store = new RedisFlowStore(shared, { keyPrefix: `${RUN_PREFIX}shared:` });
    await store.put('k', 'v', 5000);
    await store.close();
    expect(await shared.get(`${RUN_PREFIX}shared:k`)).toBe('v');
    await shared.quit();
  });

  it('fails to connect loudly, naming the URL without its password', async () => {
    await expect(
      RedisFlowStore.connect('redis://:hunter2@127.0.0.1:1', {
        redis: { retryStrategy: () => null, maxRetriesPerRequest: 0 },
      }),
    ).rejects.toThrow(
      /^Redis is not reachable at redis:\/\/:\*\*\*@127\.0\.0\.1:1: connect ECONNREFUSED/,
    );
  });
});
