import { FrozenClock } from '@gatehouse/domain/testing';
import { InProcessPrincipalCache } from './in-process-principal-cache';
import { aTokenPrincipal } from '../testing/token-principal-builders';

const NOW = Date.UTC(2026, 0, 1, 12);
const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

/** What one principal counts for, under a key as long as A, in a cache that holds only it. */
function bytesOf(principal: ReturnType<typeof aTokenPrincipal>): number {
  const alone = new InProcessPrincipalCache(new FrozenClock(NOW), { maxEntries: 1, ttlMs: 1_000 });
  alone.put(A, principal, alone.generation());
  return alone.bytes;
}

describe('InProcessPrincipalCache', () => {
  let clock: FrozenClock;
  let cache: InProcessPrincipalCache;

  beforeEach(() => {
    clock = new FrozenClock(NOW);
    cache = new InProcessPrincipalCache(clock, { maxEntries: 2, ttlMs: 1_000 });
  });

  it('gives back what it was given, until its time is up', () => {
    const principal = aTokenPrincipal();
    cache.put(A, principal, cache.generation());
    clock.advance(999);
    expect(cache.get(A)).toBe(principal);
    clock.advance(1);
    expect(cache.get(A)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('keeps an entry no longer than its token lives, and nothing for an expired token', () => {
    cache.put(A, aTokenPrincipal({ expiresAt: new Date(NOW + 300) }), cache.generation());
    cache.put(B, aTokenPrincipal({ expiresAt: new Date(NOW) }), cache.generation());
    expect(cache.get(B)).toBeNull();
    clock.advance(299);
    expect(cache.get(A)).not.toBeNull();
    clock.advance(1);
    expect(cache.get(A)).toBeNull();
  });

  it('lets the least recently used entry go when full', () => {
    cache.put(A, aTokenPrincipal({ tokenId: 'a' }), cache.generation());
    cache.put(B, aTokenPrincipal({ tokenId: 'b' }), cache.generation());
    expect(cache.get(A)?.tokenId).toBe('a');
    cache.put(C, aTokenPrincipal({ tokenId: 'c' }), cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get(B)).toBeNull();
    expect(cache.get(A)?.tokenId).toBe('a');
    expect(cache.get(C)?.tokenId).toBe('c');
  });

  it('drops what it is told to, and clears', () => {
    cache.put(A, aTokenPrincipal(), cache.generation());
    cache.put(B, aTokenPrincipal(), cache.generation());
    cache.drop([A]);
    expect(cache.get(A)).toBeNull();
    expect(cache.get(B)).not.toBeNull();
    cache.clear();
    expect(cache.get(B)).toBeNull();
  });

  it('refuses an answer read by a lookup that began before a drop, whichever token was dropped', () => {
    const began = cache.generation();
    cache.drop([A]);
    cache.put(A, aTokenPrincipal(), began);
    expect(cache.get(A)).toBeNull();
    const beganBeforeClear = cache.generation();
    cache.clear();
    cache.put(B, aTokenPrincipal(), beganBeforeClear);
    expect(cache.get(B)).toBeNull();
    cache.put(B, aTokenPrincipal(), cache.generation());
    expect(cache.get(B)).not.toBeNull();
  });

  it('lets the least recently used entries go when their bytes are over the budget', () => {
    const entryBytes = bytesOf(aTokenPrincipal({ tokenId: 'a' }));
    const bounded = new InProcessPrincipalCache(clock, {
      maxEntries: 100,
      maxBytes: 2 * entryBytes,
      ttlMs: 1_000,
    });
    bounded.put(A, aTokenPrincipal({ tokenId: 'a' }), bounded.generation());
    bounded.put(B, aTokenPrincipal({ tokenId: 'b' }), bounded.generation());
    expect(bounded.bytes).toBe(2 * entryBytes);
    expect(bounded.get(A)?.tokenId).toBe('a');
    bounded.put(C, aTokenPrincipal({ tokenId: 'c' }), bounded.generation());
    expect(bounded.size).toBe(2);
    expect(bounded.bytes).toBe(2 * entryBytes);
    expect(bounded.get(B)).toBeNull();
    expect(bounded.get(A)?.tokenId).toBe('a');
    expect(bounded.get(C)?.tokenId).toBe('c');
  });

  it('keeps no principal larger than the whole budget', () => {
    const small = new InProcessPrincipalCache(clock, {
      maxEntries: 100,
      maxBytes: 64,
      ttlMs: 1_000,
    });
    small.put(A, aTokenPrincipal(), small.generation());
    expect(small.get(A)).toBeNull();
    expect(small.size).toBe(0);
    expect(small.bytes).toBe(0);
  });

  it('lets expired entries go when a new one comes in, without waiting to be full', () => {
    const roomy = new InProcessPrincipalCache(clock, { maxEntries: 100, ttlMs: 1_000 });
    roomy.put(A, aTokenPrincipal({ tokenId: 'a' }), roomy.generation());
    roomy.put(B, aTokenPrincipal({ tokenId: 'b' }), roomy.generation());
    clock.advance(1_000);
    roomy.put(C, aTokenPrincipal({ tokenId: 'c' }), roomy.generation());
    expect(roomy.size).toBe(1);
    expect(roomy.bytes).toBe(bytesOf(aTokenPrincipal({ tokenId: 'c' })));
    expect(roomy.get(C)?.tokenId).toBe('c');
  });

  it('counts a principal by what it holds: more organizations, more bytes', () => {
    const plain = aTokenPrincipal();
    const member = aTokenPrincipal({
      grantedOrgIds: Array.from({ length: 20 }, (_, index) => `65a0000000000000000000${index}`),
    });
    expect(bytesOf(plain)).toBeGreaterThan(
      A.length + plain.tokenId.length + plain.user!.email.length,
    );
    expect(bytesOf(member) - bytesOf(plain)).toBeGreaterThanOrEqual(20 * 24);
  });

  it('keeps nothing with a byte budget of 0', () => {
    const off = new InProcessPrincipalCache(clock, { maxEntries: 10, maxBytes: 0, ttlMs: 1_000 });
    off.put(A, aTokenPrincipal(), off.generation());
    expect(off.enabled).toBe(false);
    expect(off.get(A)).toBeNull();
  });

  it('keeps nothing with a size or a time of 0', () => {
    for (const limits of [
      { maxEntries: 0, ttlMs: 1_000 },
      { maxEntries: 10, ttlMs: 0 },
    ]) {
      const off = new InProcessPrincipalCache(clock, limits);
      off.put(A, aTokenPrincipal(), off.generation());
      expect(off.enabled).toBe(false);
      expect(off.get(A)).toBeNull();
    }
  });
});
