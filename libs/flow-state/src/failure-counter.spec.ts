import { FrozenClock } from '@gatehouse/domain/testing';
import { FailureCounter } from './failure-counter';
import { MemoryFlowStore } from './in-memory-flow.store';

describe('FailureCounter', () => {
  const clock = new FrozenClock();
  const store = new MemoryFlowStore({ clock });
  const failures = new FailureCounter(store, 'failures:');
  afterAll(() => store.close());

  it('blocks a key at its limit until the window ends, and counts nothing else', async () => {
    expect(await failures.blockedForMs('a', 2, 60_000)).toBeNull();
    expect(await failures.record('a', 60_000)).toBe(1);
    clock.advance(20_000);
    expect(await failures.blockedForMs('a', 2, 60_000)).toBeNull();
    expect(await failures.record('a', 60_000)).toBe(2);
    expect(await failures.blockedForMs('a', 2, 60_000)).toBe(40_000);
    expect(await failures.blockedForMs('b', 2, 60_000)).toBeNull();
    clock.advance(40_000);
    expect(await failures.blockedForMs('a', 2, 60_000)).toBeNull();
  });

  it('reads a count and the time left in its window', async () => {
    expect(await failures.count('e')).toBe(0);
    expect(await failures.resetMs('e', 60_000)).toBe(60_000);
    await failures.record('e', 60_000);
    clock.advance(15_000);
    await failures.record('e', 60_000);
    expect(await failures.count('e')).toBe(2);
    expect(await failures.resetMs('e', 60_000)).toBe(45_000);
  });

  it('clears a key', async () => {
    await failures.record('c', 60_000);
    await failures.record('c', 60_000);
    await failures.clear('c');
    expect(await failures.blockedForMs('c', 2, 60_000)).toBeNull();
    expect(await store.get('failures:c')).toBeNull();
  });
});
