import { FrozenClock } from '@gatehouse/domain/testing';
import { InFlightCounter } from './in-flight-counter';
import { MemoryFlowStore } from './in-memory-flow.store';

describe('InFlightCounter', () => {
  const clock = new FrozenClock();
  const store = new MemoryFlowStore({ clock });
  const inFlight = new InFlightCounter(store, 'checks:', clock, 10_000);
  afterAll(() => store.close());

  it('answers how many checks of a key were in progress before each one started', async () => {
    const starts = await Promise.all([1, 2, 3].map(() => inFlight.start('a')));
    expect(starts.map((start) => start.before).sort()).toEqual([0, 1, 2]);
    expect((await inFlight.start('b')).before).toBe(0);
    await inFlight.end(starts[0]!.ticket);
    await inFlight.end(starts[1]!.ticket);
    expect((await inFlight.start('a')).before).toBe(1);
  });

  it('ends a check in the window it started in, and forgets checks that never ended after two windows', async () => {
    clock.set(Date.UTC(2026, 0, 1, 1));
    const running = await inFlight.start('c');
    await inFlight.start('c');
    expect((await inFlight.start('c')).before).toBe(2);
    clock.advance(10_000);
    expect((await inFlight.start('c')).before).toBe(0);
    await inFlight.end(running.ticket);
    expect(await store.get(running.ticket.endedKey)).toBe('1');
    clock.advance(20_000);
    expect(await store.get(running.ticket.endedKey)).toBeNull();
  });
});
