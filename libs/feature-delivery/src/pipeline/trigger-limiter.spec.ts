import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { TriggerLimiter } from './trigger-limiter';

const HOUR = 3_600_000;
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('TriggerLimiter', () => {
  const policy = { limit: 3, windowMs: 24 * HOUR, bucketMs: HOUR };

  function setup() {
    const clock = new FrozenClock(Date.UTC(2026, 0, 1, 10, 30));
    const store = new MemoryFlowStore({ clock });
    return { clock, store, limiter: new TriggerLimiter(store, policy) };
  }

  it('allows up to the limit per webhook, then refuses until the oldest hour leaves the window', async () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 3; i += 1) {
      expect((await limiter.check('w1', clock.now())).allowed).toBe(true);
      limiter.record('w1', clock.now());
      clock.advance(HOUR);
    }
    const refused = await limiter.check('w1', clock.now());
    expect(refused).toMatchObject({
      allowed: false,
      used: 3,
      remaining: 0,
      retryAt: Date.UTC(2026, 0, 2, 10),
    });
    expect((await limiter.check('w2', clock.now())).allowed).toBe(true);
    clock.set(Date.UTC(2026, 0, 2, 10, 0));
    expect(await limiter.check('w1', clock.now())).toMatchObject({ allowed: true, used: 2 });
  });

  it('sees triggers another replica counted in the current hour', async () => {
    const { clock, store, limiter } = setup();
    const otherReplica = new TriggerLimiter(store, policy);
    otherReplica.record('w1', clock.now());
    otherReplica.record('w1', clock.now());
    await flush();
    expect(await limiter.check('w1', clock.now())).toMatchObject({
      allowed: true,
      used: 2,
      remaining: 1,
    });
  });

  it('reads the current hour once, then learns the total from its own counts', async () => {
    const { clock, store, limiter } = setup();
    const reads = jest.spyOn(store, 'get');
    await limiter.check('w1', clock.now());
    const firstReads = reads.mock.calls.length;
    const otherReplica = new TriggerLimiter(store, policy);
    otherReplica.record('w1', clock.now());
    limiter.record('w1', clock.now());
    await flush();
    expect(await limiter.check('w1', clock.now())).toMatchObject({ used: 2 });
    expect(reads.mock.calls.length).toBe(firstReads);
  });

  it('counts a batch of triggers to one webhook in one increment', async () => {
    const { clock, store, limiter } = setup();
    const increments = jest.spyOn(store, 'increment');
    limiter.record('w1', clock.now(), 2);
    await flush();
    expect(increments).toHaveBeenCalledTimes(1);
    expect(await limiter.check('w1', clock.now())).toMatchObject({ used: 2, remaining: 1 });
    expect(await new TriggerLimiter(store, policy).check('w1', clock.now())).toMatchObject({
      used: 2,
    });
  });
});
