import { ConsumerStatus, EventBus, OutgoingMessage, Subscription } from '../event-bus/event-bus';
import { InMemoryOutboxStore } from './in-memory-outbox.store';
import { OutboxRelay } from './outbox-relay';

/** A bus that records what is published and can be made to fail. */
class RecordingBus implements EventBus {
  readonly published: Array<{ topic: string; messages: OutgoingMessage[] }> = [];
  failuresLeft = 0;

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('broker unavailable');
    }
    this.published.push({ topic, messages });
  }
  values(): string[] {
    return this.published.flatMap((call) => call.messages.map((message) => message.value));
  }
  subscribe(): Promise<Subscription> {
    throw new Error('not used by the relay');
  }
  async ensureTopics(): Promise<void> {}
  async ping(): Promise<void> {}
  consumers(): ConsumerStatus[] {
    return [];
  }
  async close(): Promise<void> {}
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The relay waits between looks on timers; the tests move time on with Jest's fake timers, so a
 * count of looks or a wait is exact however busy the machine is.
 */
const fakeTime = () =>
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });

/** Runs what is due by `ms` from now (0: only what needs no time), with its promise reactions. */
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('OutboxRelay', () => {
  let store: InMemoryOutboxStore;
  let bus: RecordingBus;
  let relay: OutboxRelay | undefined;

  beforeEach(() => {
    store = new InMemoryOutboxStore();
    bus = new RecordingBus();
  });

  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
    jest.useRealTimers();
  });

  /** Counts the relay's looks at the outbox, with the (fake) time of each. */
  function countLooks(): number[] {
    const lookedAt: number[] = [];
    const started = Date.now();
    const relayBatch = store.relayBatch.bind(store);
    store.relayBatch = (size, publish) => {
      lookedAt.push(Date.now() - started);
      return relayBatch(size, publish);
    };
    return lookedAt;
  }

  it('publishes a batch in id order, one call per topic, and marks it sent', async () => {
    store.add({ topic: 'audit', key: 'org-1', value: 'a1', headers: { h: '1' } });
    store.add({ topic: 'webhooks', key: 'w-1', value: 'w1' });
    store.add({ topic: 'audit', key: 'org-1', value: 'a2' });
    relay = new OutboxRelay(store, bus, { logger: silent });

    await expect(relay.relayOnce()).resolves.toBe(3);
    expect(bus.published).toEqual([
      {
        topic: 'audit',
        messages: [
          { key: 'org-1', value: 'a1', headers: { h: '1' } },
          { key: 'org-1', value: 'a2', headers: {} },
        ],
      },
      { topic: 'webhooks', messages: [{ key: 'w-1', value: 'w1', headers: {} }] },
    ]);
    expect(store.unsent()).toEqual([]);
    await expect(relay.relayOnce()).resolves.toBe(0);
    expect(relay.relayed).toBe(3);
  });

  it("with topics, publishes only those and leaves other services' records unsent", async () => {
    store.add({ topic: 'gatehouse.token-events.v1', key: 'u-1', value: 't1' });
    store.add({ topic: 'gatehouse.audit.v1', key: 'org-1', value: 'a1' });
    store.add({ topic: 'gatehouse.token-events.v1', key: 'u-2', value: 't2' });
    relay = new OutboxRelay(store, bus, { logger: silent, topics: ['gatehouse.token-events.v1'] });

    await expect(relay.relayOnce()).resolves.toBe(2);
    await expect(relay.relayOnce()).resolves.toBe(0);
    expect(bus.values()).toEqual(['t1', 't2']);
    expect(store.unsent().map((record) => record.value)).toEqual(['a1']);
  });

  it('tells how long the oldest record of its topics has waited, and 0 once they are out', async () => {
    let now = Date.parse('2026-11-26T12:00:00Z');
    store = new InMemoryOutboxStore(() => now);
    store.add({ topic: 'audit', key: 'org-1', value: 'a1' });
    now += 30_000;
    store.add({ topic: 'webhooks', key: 'w-1', value: 'w1' });
    now += 60_000;
    relay = new OutboxRelay(store, bus, { logger: silent, topics: ['webhooks'] });
    expect(await relay.oldestUnsentAgeSeconds(now)).toBe(60);
    await relay.relayOnce();
    expect(await relay.oldestUnsentAgeSeconds(now)).toBe(0);
    expect(await new OutboxRelay(store, bus).oldestUnsentAgeSeconds(now)).toBe(90);
  });

  it('wakes up on notify() instead of waiting for its next poll', async () => {
    fakeTime();
    const lookedAt = countLooks();
    relay = new OutboxRelay(store, bus, { pollIntervalMs: 60_000, logger: silent });
    relay.start();
    await advance(0);
    expect(lookedAt).toEqual([0]); // now idle until the next poll, a minute away
    store.add({ topic: 't', key: 'k', value: 'v' });
    relay.notify();
    await advance(0);
    expect(lookedAt).toEqual([0, 0]);
    expect(bus.values()).toEqual(['v']);
  });

  it('looks less and less often while the outbox stays empty, and at the short interval again once records come', async () => {
    fakeTime();
    const lookedAt = countLooks();
    relay = new OutboxRelay(store, bus, { pollIntervalMs: 10, maxIdlePollMs: 40, logger: silent });
    relay.start();
    await advance(300);
    // Every 10 ms would be 31 looks; the wait doubles from 10 ms to 20 and 40, and stays there.
    expect(lookedAt).toEqual([0, 20, 60, 100, 140, 180, 220, 260, 300]);
    await advance(5);
    store.add({ topic: 't', key: 'k', value: 'v' });
    relay.notify();
    await advance(0);
    expect(bus.values()).toEqual(['v']);
    await advance(10);
    expect(lookedAt.slice(9)).toEqual([305, 315]);
  });

  it('polls again at once after a full batch', async () => {
    for (let i = 0; i < 7; i += 1) store.add({ topic: 't', key: 'k', value: `v${i}` });
    fakeTime();
    relay = new OutboxRelay(store, bus, { batchSize: 3, pollIntervalMs: 60_000, logger: silent });
    relay.start();
    await advance(0);
    expect(relay.relayed).toBe(7);
    expect(bus.values()).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
    expect(bus.published.map((call) => call.messages.length)).toEqual([3, 3, 1]);
  });

  it('keeps records in the outbox while publishing fails, and publishes them once it works again', async () => {
    store.add({ topic: 't', key: 'k', value: 'v' });
    bus.failuresLeft = 2;
    fakeTime();
    const errors: string[] = [];
    relay = new OutboxRelay(store, bus, {
      errorBackoffMs: 10,
      logger: { ...silent, error: (_, message) => void errors.push(message) },
    });
    relay.start();
    await advance(0);
    expect(errors).toHaveLength(1);
    await advance(10);
    expect(errors).toHaveLength(2);
    expect(bus.values()).toEqual([]);
    await advance(10);
    expect(bus.values()).toEqual(['v']);
    expect(errors).toEqual([
      'Outbox relay failed to publish a batch; it stays in the outbox',
      'Outbox relay failed to publish a batch; it stays in the outbox',
    ]);
    expect(store.unsent()).toEqual([]);
    expect(relay.relayed).toBe(1);
  });

  it('stops after the batch in flight and relays nothing afterwards', async () => {
    fakeTime();
    relay = new OutboxRelay(store, bus, { pollIntervalMs: 5, logger: silent });
    relay.start();
    await relay.stop();
    expect(relay.running).toBe(false);
    store.add({ topic: 't', key: 'k', value: 'late' });
    await advance(1_000);
    expect(bus.published).toEqual([]);
    expect(store.unsent().map((record) => record.value)).toEqual(['late']);
  });

  it('never gives one record to two relays draining the same outbox at once', async () => {
    for (let i = 0; i < 50; i += 1) store.add({ topic: 't', key: `k${i % 5}`, value: `v${i}` });
    const relays = [1, 2, 3].map(
      () => new OutboxRelay(store, bus, { batchSize: 4, logger: silent }),
    );
    await Promise.all(
      relays.map(async (each) => {
        while ((await each.relayOnce()) > 0);
      }),
    );
    expect(bus.values().sort()).toEqual(Array.from({ length: 50 }, (_, i) => `v${i}`).sort());
  });
});
