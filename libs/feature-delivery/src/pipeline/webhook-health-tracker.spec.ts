import { FrozenClock } from '@gatehouse/domain/testing';
import { silentLogger } from '../testing/fakes';
import { InMemoryWebhookHealthStore } from '../testing/in-memory-webhook-health.store';
import { WebhookHealthTracker } from './webhook-health-tracker';

const DAY = 86_400_000;
const WEBHOOK = 'aaaaaaaaaaaaaaaaaaaaaaa1';

describe('WebhookHealthTracker', () => {
  function kit() {
    const clock = new FrozenClock(Date.UTC(2026, 0, 1));
    const store = new InMemoryWebhookHealthStore();
    let relayNotified = 0;
    const tracker = new WebhookHealthTracker(
      { store, clock, outboxWritten: () => void (relayNotified += 1), logger: silentLogger },
      3 * DAY,
    );
    const fail = (error = 'HTTP 500') =>
      tracker.observe(WEBHOOK, { kind: 'attempt_failed', at: clock.now(), error });
    return { clock, store, tracker, fail, relayNotified: () => relayNotified };
  }

  it('raises each notice once over days of failed attempts, then the disable', async () => {
    const { clock, store, tracker, fail, relayNotified } = kit();
    const start = clock.now();
    for (let hour = 0; hour < 5 * 24; hour += 6) {
      await fail();
      clock.advance(6 * 3_600_000);
    }
    await tracker.observe(WEBHOOK, { kind: 'disabled', at: clock.now(), reason: 'gone for good' });

    expect(store.notices.map(({ notice, at }) => [notice, at.getTime() - start])).toEqual([
      ['started_failing', 0],
      ['still_failing', 3 * DAY],
      ['disabled', 5 * DAY],
    ]);
    expect(relayNotified()).toBe(3);
    expect(await store.read(WEBHOOK)).toEqual({
      state: 'disabled',
      failingSince: start,
      lastError: 'gone for good',
    });
  });

  it('is healthy again after a success, and a new run of failures notices again', async () => {
    const { clock, store, tracker, fail } = kit();
    await fail();
    await tracker.observe(WEBHOOK, { kind: 'attempt_succeeded' });
    expect(await store.read(WEBHOOK)).toEqual({
      state: 'healthy',
      failingSince: null,
      lastError: null,
    });
    clock.advance(60_000);
    await fail('connection refused');
    expect(store.notices.map(({ notice }) => notice)).toEqual([
      'started_failing',
      'started_failing',
    ]);
  });

  it('writes nothing over a change another worker made, and reads it again next time', async () => {
    const { clock, store, fail } = kit();
    await fail();
    // Another worker saw it recover, then fail again.
    store.health.set(WEBHOOK, {
      state: 'failing',
      failingSince: clock.now() + 1,
      lastError: 'HTTP 502',
    });
    clock.advance(1_000);
    await fail('HTTP 503');
    expect(await store.read(WEBHOOK)).toMatchObject({ lastError: 'HTTP 502' });
    await fail('HTTP 503');
    expect(await store.read(WEBHOOK)).toMatchObject({ lastError: 'HTTP 503' });
    expect(store.notices).toHaveLength(1);
  });
});
