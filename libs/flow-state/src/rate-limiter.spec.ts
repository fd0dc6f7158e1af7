import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from './in-memory-flow.store';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  let clock: FrozenClock;
  let store: MemoryFlowStore;
  let limiter: RateLimiter;

  beforeEach(() => {
    clock = new FrozenClock();
    store = new MemoryFlowStore({ clock });
    limiter = new RateLimiter(store);
  });

  afterEach(() => store.close());

  it('allows `limit` hits per window, counting down what remains', async () => {
    expect(await limiter.hit('sign-in:alice', 3, 60_000)).toEqual({
      allowed: true,
      remaining: 2,
      resetMs: 60_000,
    });
    clock.advance(10_000);
    expect(await limiter.hit('sign-in:alice', 3, 60_000)).toEqual({
      allowed: true,
      remaining: 1,
      resetMs: 50_000,
    });
    expect(await limiter.hit('sign-in:alice', 3, 60_000)).toEqual({
      allowed: true,
      remaining: 0,
      resetMs: 50_000,
    });
    expect(await limiter.hit('sign-in:alice', 3, 60_000)).toEqual({
      allowed: false,
      remaining: 0,
      resetMs: 50_000,
    });
  });

  it('opens again when the window ends, and hammering does not extend it', async () => {
    for (let i = 0; i < 10; i += 1) await limiter.hit('poll:dc1', 1, 5_000);
    clock.advance(4_999);
    expect((await limiter.hit('poll:dc1', 1, 5_000)).allowed).toBe(false);
    clock.advance(1);
    expect(await limiter.hit('poll:dc1', 1, 5_000)).toEqual({
      allowed: true,
      remaining: 0,
      resetMs: 5_000,
    });
  });

  it('counts each key separately, under its own namespace', async () => {
    await limiter.hit('a', 1, 1000);
    expect((await limiter.hit('b', 1, 1000)).allowed).toBe(true);
    expect(await store.get('rate:a')).toBe('1');
    const other = new RateLimiter(store, 'device-guess:');
    expect((await other.hit('a', 1, 1000)).allowed).toBe(true);
  });

  it('denies everything with a limit of 0', async () => {
    expect(await limiter.hit('closed', 0, 1000)).toEqual({
      allowed: false,
      remaining: 0,
      resetMs: 1000,
    });
  });

  it('refuses a negative or fractional limit', async () => {
    await expect(limiter.hit('k', -1, 1000)).rejects.toThrow(RangeError);
    await expect(limiter.hit('k', 1.5, 1000)).rejects.toThrow(RangeError);
  });
});
