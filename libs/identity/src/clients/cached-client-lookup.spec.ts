import { FrozenClock } from '@gatehouse/domain/testing';
import { InMemoryClientLookup } from '../testing/in-memory-client-lookup';
import type { OAuthAppRecord } from './ports/oauth-app-record';
import { CachedClientLookup } from './cached-client-lookup';

/** An in-memory lookup that counts its reads, and can be made to fail. */
class CountingLookup extends InMemoryClientLookup {
  reads = 0;
  failing = false;

  override async findByClientId(clientId: string): Promise<OAuthAppRecord | null> {
    this.reads += 1;
    if (this.failing) throw new Error('database unavailable');
    return super.findByClientId(clientId);
  }
}

describe('CachedClientLookup', () => {
  let clock: FrozenClock;
  let inner: CountingLookup;
  let cache: CachedClientLookup;

  beforeEach(() => {
    clock = new FrozenClock(Date.UTC(2026, 0, 1));
    inner = new CountingLookup();
    inner.addApp({ clientId: 'cli', name: 'CLI' });
    cache = new CachedClientLookup(inner, clock, 1000, 2);
  });

  it('answers from the app it read until the TTL runs out, then reads it again', async () => {
    expect((await cache.findByClientId('cli'))?.name).toBe('CLI');
    inner.apps[0] = { ...inner.apps[0]!, name: 'Renamed' };
    clock.advance(999);
    expect((await cache.findByClientId('cli'))?.name).toBe('CLI');
    expect(inner.reads).toBe(1);
    clock.advance(1);
    expect((await cache.findByClientId('cli'))?.name).toBe('Renamed');
    expect(inner.reads).toBe(2);
  });

  it('reads an app again at once once told it changed, its deletion included', async () => {
    await cache.findByClientId('cli');
    inner.apps.length = 0;
    cache.forget('cli');
    expect(await cache.findByClientId('cli')).toBeNull();
  });

  it('remembers an absent app too, and forgets it when an app of that id is created', async () => {
    expect(await cache.findByClientId('new-app')).toBeNull();
    inner.addApp({ clientId: 'new-app' });
    expect(await cache.findByClientId('new-app')).toBeNull();
    cache.forget('new-app');
    expect((await cache.findByClientId('new-app'))?.clientId).toBe('new-app');
  });

  it('shares a read in flight, and keeps no failed read', async () => {
    inner.failing = true;
    const both = [cache.findByClientId('cli'), cache.findByClientId('cli')];
    await expect(Promise.all(both)).rejects.toThrow('database unavailable');
    expect(inner.reads).toBe(1);
    inner.failing = false;
    expect((await cache.findByClientId('cli'))?.clientId).toBe('cli');
    expect(inner.reads).toBe(2);
  });

  it('keeps at most its bound of apps, dropping the least recently read', async () => {
    inner.addApp({ clientId: 'b' });
    inner.addApp({ clientId: 'c' });
    await cache.findByClientId('cli');
    await cache.findByClientId('b');
    await cache.findByClientId('cli');
    await cache.findByClientId('c');
    inner.reads = 0;
    await cache.findByClientId('cli');
    await cache.findByClientId('c');
    expect(inner.reads).toBe(0);
    await cache.findByClientId('b');
    expect(inner.reads).toBe(1);
  });

  it('reads every time with a TTL of 0', async () => {
    const uncached = new CachedClientLookup(inner, clock, 0);
    await uncached.findByClientId('cli');
    await uncached.findByClientId('cli');
    expect(inner.reads).toBe(2);
  });
});
