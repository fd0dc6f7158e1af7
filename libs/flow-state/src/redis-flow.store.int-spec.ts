import { randomBytes } from 'node:crypto';
import { waitUntil } from '@gatehouse/testing';
import Redis from 'ioredis';
import { describeFlowStoreContract } from './flow.store.contract';
import { RedisFlowStore } from './redis-flow.store';

// The integration tier's global setup points REDIS_URL at a database claimed for this run.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RUN_PREFIX = `${process.env.GATEHOUSE_TEST_REDIS_PREFIX ?? 'gh-test:'}flow-state-${randomBytes(4).toString('hex')}:`;

// Redis expires keys on its own clock: time is let pass on that clock, by waiting until a key put
// for that long (after the keys under test) has expired.
const clock = new Redis(REDIS_URL, { lazyConnect: true });
afterAll(() => clock.quit());

async function advanceRedisClock(ms: number): Promise<void> {
  const key = `${RUN_PREFIX}clock:${randomBytes(4).toString('hex')}`;
  await clock.set(key, '1', 'PX', ms);
  await waitUntil(
    `${ms} ms to pass on Redis's clock`,
    async () => (await clock.exists(key)) === 0,
    {
      intervalMs: 20,
    },
  );
}

describeFlowStoreContract('RedisFlowStore', async (keyPrefix) => ({
  store: await RedisFlowStore.connect(REDIS_URL, { keyPrefix: RUN_PREFIX + keyPrefix }),
  advance: advanceRedisClock,
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
    const started = Date.now();
    await store.put('code', 'v', 5000);
    const pttl = await raw.pttl(`${RUN_PREFIX}raw:code`);
    // Whole but for the time the two calls took: milliseconds, not seconds.
    expect(pttl).toBeGreaterThanOrEqual(5000 - (Date.now() - started) - 1);
    expect(pttl).toBeLessThanOrEqual(5000);
    expect(await raw.get(`${RUN_PREFIX}raw:code`)).toBe('v');
    await store.close();
  });

  it('gives a counter left without expiry a window on its next increment', async () => {
    const store = await RedisFlowStore.connect(REDIS_URL, { keyPrefix: `${RUN_PREFIX}raw:` });
    await raw.set(`${RUN_PREFIX}raw:legacy`, '7');
    expect(await store.ttl('legacy')).toBe(Number.POSITIVE_INFINITY);
    const started = Date.now();
    expect(await store.increment('legacy', 5000)).toBe(8);
    const ttl = await store.ttl('legacy');
    expect(ttl).toBeGreaterThanOrEqual(5000 - (Date.now() - started) - 1);
    expect(ttl).toBeLessThanOrEqual(5000);
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

  it('tells a channel’s listener its connection dropped, then listens again by itself', async () => {
    const connectionName = `channel-test-${randomBytes(4).toString('hex')}`;
    const store = await RedisFlowStore.connect(REDIS_URL, {
      keyPrefix: `${RUN_PREFIX}raw:`,
      redis: { connectionName },
    });
    const states: boolean[] = [];
    const heard: string[] = [];
    const stop = await store.channel('news').subscribe({
      message: (message) => heard.push(message),
      connected: (live) => states.push(live),
    });
    expect(states).toEqual([true]);
    // Only this test's subscribed connection: the same name as the store's, in subscriber mode.
    const listed = String(await raw.client('LIST')).split('\n');
    const subscribed = listed.find(
      (line) => line.includes(`name=${connectionName} `) && / sub=1 /.test(line),
    );
    const id = /^id=(\d+) /.exec(subscribed ?? '')?.[1];
    expect(id).toBeDefined();
    await raw.client('KILL', 'ID', id!);
    await waitUntil('the listener to hear of the drop and subscribe again', async () =>
      states.length >= 3 ? true : false,
    );
    expect(states.slice(0, 3)).toEqual([true, false, true]);
    await store.channel('news').publish('after');
    await waitUntil('the message after the drop', async () => heard.includes('after'));
    await stop();
    await store.close();
  });
});
