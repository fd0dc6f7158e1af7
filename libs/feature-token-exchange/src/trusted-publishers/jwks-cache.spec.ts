import { FrozenClock } from '@gatehouse/domain';
import { JwksCache } from './jwks-cache';
import { JsonWebKeySet, JwksFetcher } from './jwks-fetcher';

class CountingFetcher extends JwksFetcher {
  calls = 0;
  release: (() => void) | null = null;
  gate: Promise<void> | null = null;

  async fetch(): Promise<JsonWebKeySet> {
    this.calls += 1;
    if (this.gate) await this.gate;
    return { keys: [{ kid: `k${this.calls}` }] };
  }
}

describe('JwksCache', () => {
  let clock: FrozenClock;
  let fetcher: CountingFetcher;
  let cache: JwksCache;

  beforeEach(() => {
    clock = new FrozenClock();
    fetcher = new CountingFetcher();
    cache = new JwksCache(fetcher, clock, { jwks: { cacheTtlMs: 600_000, refetchCooldownMs: 30_000 } });
  });

  it('reuses a key set until it is older than the TTL', async () => {
    expect(await cache.get('https://ci.example/jwks')).toEqual({ keys: [{ kid: 'k1' }] });
    clock.advance(599_999);
    expect(await cache.get('https://ci.example/jwks')).toEqual({ keys: [{ kid: 'k1' }] });
    clock.advance(1);
    expect(await cache.get('https://ci.example/jwks')).toEqual({ keys: [{ kid: 'k2' }] });
    expect(fetcher.calls).toBe(2);
  });

  it('refetches for an unknown key at most once per cooldown', async () => {
    await cache.get('https://ci.example/jwks');
    clock.advance(29_999);
    await cache.get('https://ci.example/jwks', { keyMissing: true });
    expect(fetcher.calls).toBe(1);
    clock.advance(1);
    expect(await cache.get('https://ci.example/jwks', { keyMissing: true })).toEqual({ keys: [{ kid: 'k2' }] });
    expect(fetcher.calls).toBe(2);
  });

  it('shares one fetch among concurrent requests, per URL', async () => {
    fetcher.gate = new Promise((resolve) => (fetcher.release = resolve));
    const pending = [cache.get('https://a.example/jwks'), cache.get('https://a.example/jwks'), cache.get('https://b.example/jwks')];
    fetcher.release!();
    await Promise.all(pending);
    expect(fetcher.calls).toBe(2);
  });

  it('keeps no failed fetch', async () => {
    const failing = new (class extends JwksFetcher {
      calls = 0;
      async fetch(): Promise<JsonWebKeySet> {
        this.calls += 1;
        throw new Error('down');
      }
    })();
    const failingCache = new JwksCache(failing, clock, {});
    await expect(failingCache.get('https://ci.example/jwks')).rejects.toThrow('down');
    await expect(failingCache.get('https://ci.example/jwks')).rejects.toThrow('down');
    expect(failing.calls).toBe(2);
  });
});
