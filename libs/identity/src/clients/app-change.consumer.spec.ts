import { FrozenClock } from '@gatehouse/domain/testing';
import { InMemoryClientLookup } from '../testing/in-memory-client-lookup';
import { appChangedMessage } from './app-change-events';
import { AppChangeConsumer } from './app-change.consumer';
import { CachedClientLookup } from './cached-client-lookup';

describe('AppChangeConsumer', () => {
  it('makes the cache read an app again when its oauth_app.changed arrives, keyed by client id', async () => {
    const clock = new FrozenClock(Date.UTC(2026, 0, 1));
    const apps = new InMemoryClientLookup();
    apps.addApp({ clientId: 'space-app', clientSecretHash: 'a'.repeat(64) });
    const cache = new CachedClientLookup(apps, clock, 60_000);
    expect((await cache.findByClientId('space-app'))?.clientSecretHash).toBe('a'.repeat(64));
    apps.apps[0] = { ...apps.apps[0]!, clientSecretHash: 'b'.repeat(64) };

    const message = appChangedMessage('space-app', 'updated', new Date(clock.now()));
    expect([message.topic, message.key]).toEqual(['gatehouse.app-events.v1', 'space-app']);
    await new AppChangeConsumer(cache).handle({
      ...message,
      key: message.key!,
      headers: message.headers ?? {},
      partition: 0,
      offset: '0',
      timestamp: clock.now(),
    });
    expect((await cache.findByClientId('space-app'))?.clientSecretHash).toBe('b'.repeat(64));
  });
});
