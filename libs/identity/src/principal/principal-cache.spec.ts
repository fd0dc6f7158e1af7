import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import type { TokenPrincipal } from './principal';
import { PrincipalCache } from './principal-cache';

const HASH = 'a'.repeat(64);
const NOW = Date.UTC(2026, 0, 1, 12);

function principal(fields: Partial<TokenPrincipal> = {}): TokenPrincipal {
  return {
    tokenId: '65a0000000000000000000a1',
    kind: 'oauth',
    user: {
      id: '65a000000000000000000001',
      username: 'ada',
      email: 'ada@example.com',
      fullname: 'Ada',
      isPro: false,
      avatarUrl: null,
    },
    scopes: ['openid'],
    role: null,
    clientId: 'app-1',
    grantedOrgIds: [],
    boundOrgId: null,
    memberRole: null,
    repo: null,
    displayName: null,
    createdAt: new Date(NOW - 1000),
    expiresAt: new Date(NOW + 3600_000),
    appName: 'Notebook',
    ...fields,
  };
}

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
