import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { aTokenPrincipal } from '../testing/token-principal-builders';
import { PrincipalCache } from './principal-cache';

const HASH = 'a'.repeat(64);
const NOW = Date.UTC(2026, 0, 1, 12);

const principal = aTokenPrincipal;

describe('PrincipalCache', () => {
  let clock: FrozenClock;
  let store: MemoryFlowStore;
  let cache: PrincipalCache;

  beforeEach(() => {
    clock = new FrozenClock(NOW);
    store = new MemoryFlowStore({ clock });
    cache = new PrincipalCache(clock, { principalCacheTtlMs: 60_000 }, store);
  });

  afterEach(() => store.close());

  it('gives back what it was filled with, dates included', async () => {
    await cache.fill(HASH, principal());
    expect(await cache.get(HASH)).toEqual(principal());
    expect(await store.ttl(`principal:${HASH}`)).toBe(60_000);
  });

  it('keeps a principal no longer than its token lives', async () => {
    await cache.fill(HASH, principal({ expiresAt: new Date(NOW + 5_000) }));
    expect(await store.ttl(`principal:${HASH}`)).toBe(5_000);
    clock.advance(5_000);
    expect(await cache.get(HASH)).toBeNull();
  });

  it('keeps nothing for a token that has expired', async () => {
    await cache.fill(HASH, principal({ expiresAt: new Date(NOW) }));
    expect(await store.get(`principal:${HASH}`)).toBeNull();
  });

  it('marks an invalidated principal stale, and a later fill cannot write over the mark', async () => {
    await cache.fill(HASH, principal());
    await cache.invalidate([HASH]);
    expect(await cache.get(HASH)).toBeNull();
    await cache.fill(HASH, principal());
    expect(await cache.get(HASH)).toBeNull();
    expect(await store.ttl(`principal:${HASH}`)).toBe(60_000);
    clock.advance(60_000);
    await cache.fill(HASH, principal());
    expect(await cache.get(HASH)).toEqual(principal());
  });

  it('reads a value of another shape as a miss', async () => {
    await store.put(`principal:${HASH}`, '{"tokenId":1}', 1000);
    expect(await cache.get(HASH)).toBeNull();
    await store.put(`principal:${HASH}`, 'not json', 1000);
    expect(await cache.get(HASH)).toBeNull();
  });

  it('reads as a miss and keeps nothing when flow state does not answer', async () => {
    const broken = new PrincipalCache(clock, {}, {
      ...store,
      get: () => Promise.reject(new Error('down')),
      putIfAbsent: () => Promise.reject(new Error('down')),
    } as unknown as MemoryFlowStore);
    await expect(broken.fill(HASH, principal())).resolves.toBeUndefined();
    await expect(broken.get(HASH)).resolves.toBeNull();
  });

  it('refuses to invalidate when flow state does not answer, so the revocation is not committed', async () => {
    const broken = new PrincipalCache(clock, {}, {
      put: () => Promise.reject(new Error('down')),
    } as unknown as MemoryFlowStore);
    await expect(broken.invalidate([HASH])).rejects.toThrow('down');
  });

  it('does nothing without flow state, or with a cap of 0', async () => {
    const none = new PrincipalCache(clock, {});
    await none.fill(HASH, principal());
    await none.invalidate([HASH]);
    expect(await none.get(HASH)).toBeNull();
    const off = new PrincipalCache(clock, { principalCacheTtlMs: 0 }, store);
    await off.fill(HASH, principal());
    expect(await store.get(`principal:${HASH}`)).toBeNull();
  });
});

/** A store whose calls are counted and whose GETs' answers can be held back until released. */
function countedStore(store: MemoryFlowStore) {
  const calls: string[] = [];
  let held: Array<() => void> | null = null;
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'channel') return value;
      return async (...args: unknown[]) => {
        calls.push(String(property));
        const answer: unknown = await value.apply(target, args);
        if (property === 'get' && held) await new Promise<void>((resume) => held!.push(resume));
        return answer;
      };
    },
  });
  return {
    store: counted,
    calls,
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((resume) => resume());
    },
  };
}

describe('PrincipalCache in front of the shared cache, in each process', () => {
  let clock: FrozenClock;
  // What Redis is to the services: one store, each process with its own connection (and counts).
  let shared: MemoryFlowStore;
  const opened: Array<{ close(): Promise<void> }> = [];

  beforeEach(() => {
    clock = new FrozenClock(NOW);
    shared = new MemoryFlowStore({ clock });
    opened.push(shared);
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((closable) => closable.close()));
  });

  /** One process's PrincipalCache on the shared space, listening as Nest starts it. */
  async function process(limits = { maxEntries: 100, ttlMs: 1_000 }) {
    const counted = countedStore(shared);
    const cache = new PrincipalCache(
      clock,
      { principalCacheTtlMs: 60_000, inProcessPrincipalCache: limits },
      counted.store,
    );
    await cache.onModuleInit();
    opened.push({ close: () => cache.onModuleDestroy() });
    return { cache, ...counted };
  }

  it('answers a repeated check without asking the shared cache, for at most its time', async () => {
    const { cache, calls } = await process();
    await cache.fill(HASH, principal());
    calls.length = 0;
    expect(await cache.get(HASH)).toEqual(principal());
    expect(await cache.get(HASH)).toEqual(principal());
    expect(calls).toEqual([]);
    clock.advance(1_000);
    expect(await cache.get(HASH)).toEqual(principal());
    expect(calls).toEqual(['get']);
  });

  it('keeps what the shared cache answered, so the next check is answered in the process', async () => {
    const writer = await process();
    const reader = await process();
    await writer.cache.fill(HASH, principal());
    expect(await reader.cache.get(HASH)).toEqual(principal());
    reader.calls.length = 0;
    expect(await reader.cache.get(HASH)).toEqual(principal());
    expect(reader.calls).toEqual([]);
  });

  it('drops a principal in every process when any of them invalidates it', async () => {
    const first = await process();
    const second = await process();
    await first.cache.fill(HASH, principal());
    expect(await second.cache.get(HASH)).toEqual(principal());
    expect(await first.cache.get(HASH)).toEqual(principal());

    await first.cache.invalidate([HASH]);

    expect(await second.cache.get(HASH)).toBeNull();
    expect(await first.cache.get(HASH)).toBeNull();
  });

  it('does not keep an answer read while an invalidation came in', async () => {
    const reader = await process();
    const revoker = await process();
    await revoker.cache.fill(HASH, principal());
    reader.hold();
    const inFlight = reader.cache.get(HASH);
    await revoker.cache.invalidate([HASH]);
    reader.release();
    // What was read before the marker is answered once, as the shared cache alone would have.
    expect(await inFlight).toEqual(principal());
    expect(await reader.cache.get(HASH)).toBeNull();
  });

  it('keeps nothing in the process from a fill refused by a stale marker', async () => {
    const { cache, calls } = await process();
    await cache.invalidate([HASH]);
    await cache.fill(HASH, principal());
    calls.length = 0;
    expect(await cache.get(HASH)).toBeNull();
    expect(calls).toEqual(['get']);
  });

  it('asks the shared cache while it is not listening, and starts again empty', async () => {
    const { cache, calls } = await process();
    await cache.fill(HASH, principal());
    await cache.onModuleDestroy();
    calls.length = 0;
    expect(await cache.get(HASH)).toEqual(principal());
    expect(await cache.get(HASH)).toEqual(principal());
    expect(calls).toEqual(['get', 'get']);
  });

  it('lets the least recently used principal go past its size', async () => {
    const { cache, calls } = await process({ maxEntries: 1, ttlMs: 1_000 });
    const other = 'b'.repeat(64);
    await cache.fill(HASH, principal());
    await cache.fill(other, principal({ tokenId: 'other' }));
    calls.length = 0;
    expect((await cache.get(other))?.tokenId).toBe('other');
    expect(await cache.get(HASH)).toEqual(principal());
    expect(calls).toEqual(['get']);
  });
});
