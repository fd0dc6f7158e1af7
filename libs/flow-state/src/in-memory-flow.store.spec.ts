import { FrozenClock } from '@gatehouse/domain/testing';
import { describeFlowStoreContract } from './flow.store.contract';
import { MemoryFlowSpace } from './memory-flow-space';
import { MemoryFlowStore } from './in-memory-flow.store';

// One space and one clock for the whole contract: stores made with the same prefix share keys, as
// RedisFlowStores on one Redis do, and advancing the clock ages every store's keys.
const clock = new FrozenClock();
const space = new MemoryFlowSpace();

describeFlowStoreContract('MemoryFlowStore', async (keyPrefix) => ({
  store: new MemoryFlowStore({ clock, space, keyPrefix }),
  advance: async (ms) => clock.advance(ms),
}));

describe('MemoryFlowStore', () => {
  it('reports the exact remaining TTL on its clock', async () => {
    const frozen = new FrozenClock();
    const store = new MemoryFlowStore({ clock: frozen });
    await store.put('k', 'v', 1000);
    frozen.advance(400);
    expect(await store.ttl('k')).toBe(600);
    frozen.advance(599);
    expect(await store.get('k')).toBe('v');
    frozen.advance(1);
    expect(await store.get('k')).toBeNull();
    await store.close();
  });

  it('sweeps expired keys nobody reads again, on its sweep timer', async () => {
    jest.useFakeTimers();
    try {
      const frozen = new FrozenClock();
      const sharedSpace = new MemoryFlowSpace();
      const store = new MemoryFlowStore({ clock: frozen, space: sharedSpace, sweepIntervalMs: 5 });
      await store.put('abandoned', 'v', 100);
      await store.put('alive', 'v', 10_000);
      frozen.advance(200);
      jest.advanceTimersByTime(4);
      expect(sharedSpace.size).toBe(2);
      jest.advanceTimersByTime(1);
      expect(sharedSpace.size).toBe(1);
      expect(await store.get('alive')).toBe('v');
      await store.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not keep the process alive with its sweep timer', async () => {
    const store = new MemoryFlowStore();
    const sweeper = (store as unknown as { sweeper: NodeJS.Timeout }).sweeper;
    expect(sweeper.hasRef()).toBe(false);
    await store.close();
  });

  it('uses the system clock by default', async () => {
    const store = new MemoryFlowStore();
    const started = Date.now();
    await store.put('k', 'v', 60_000);
    const remaining = await store.ttl('k');
    expect(remaining).toBeGreaterThanOrEqual(60_000 - (Date.now() - started));
    expect(remaining).toBeLessThanOrEqual(60_000);
    await store.close();
  });
});
