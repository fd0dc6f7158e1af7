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

async function waitUntil(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

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
  });

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

  it('wakes up on notify() instead of waiting for its next poll', async () => {
    relay = new OutboxRelay(store, bus, { pollIntervalMs: 60_000, logger: silent });
    relay.start();
    await new Promise((resolve) => setTimeout(resolve, 20)); // now idle until the next poll
    store.add({ topic: 't', key: 'k', value: 'v' });
    relay.notify();
    await waitUntil(() => bus.values().length === 1, 500);
    expect(bus.values()).toEqual(['v']);
  });

  it('looks less and less often while the outbox stays empty, and at the short interval again once records come', async () => {
    let looks = 0;
    const relayBatch = store.relayBatch.bind(store);
    store.relayBatch = (size, publish) => {
      looks += 1;
      return relayBatch(size, publish);
    };
    relay = new OutboxRelay(store, bus, { pollIntervalMs: 10, maxIdlePollMs: 40, logger: silent });
    relay.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Every 10 ms would be about 30 looks; doubling up to 40 ms is at most 10.
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(looks).toBeLessThanOrEqual(10);
    store.add({ topic: 't', key: 'k', value: 'v' });
    relay.notify();
    await waitUntil(() => bus.values().length === 1, 500);
    expect(bus.values()).toEqual(['v']);
  });

  it('polls again at once after a full batch', async () => {
    for (let i = 0; i < 7; i += 1) store.add({ topic: 't', key: 'k', value: `v${i}` });
    relay = new OutboxRelay(store, bus, { batchSize: 3, pollIntervalMs: 60_000, logger: silent });
    relay.start();
    await waitUntil(() => relay?.relayed === 7, 500);
    expect(bus.values()).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v5', 'v6']);
    expect(bus.published.map((call) => call.messages.length)).toEqual([3, 3, 1]);
  });

  it('keeps records in the outbox while publishing fails, and publishes them once it works again', async () => {
    store.add({ topic: 't', key: 'k', value: 'v' });
    bus.failuresLeft = 2;
    const errors: string[] = [];
    relay = new OutboxRelay(store, bus, {
      errorBackoffMs: 10,
      logger: { ...silent, error: (_, message) => void errors.push(message) },
    });
    relay.start();
    await waitUntil(() => bus.values().length === 1);
    expect(errors).toEqual([
      'Outbox relay failed to publish a batch; it stays in the outbox',
      'Outbox relay failed to publish a batch; it stays in the outbox',
    ]);
    expect(store.unsent()).toEqual([]);
    expect(relay.relayed).toBe(1);
  });

  it('stops after the batch in flight and relays nothing afterwards', async () => {
    relay = new OutboxRelay(store, bus, { pollIntervalMs: 5, logger: silent });
    relay.start();
    await relay.stop();
    expect(relay.running).toBe(false);
    store.add({ topic: 't', key: 'k', value: 'late' });
    await new Promise((resolve) => setTimeout(resolve, 30));
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
