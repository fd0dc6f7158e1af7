import type { ConsumerConfig, Kafka } from 'kafkajs';
import { FakeSupervisorClock, settle } from '../../testing/fake-supervisor-clock';
import { KafkaSubscription, type KafkaSubscriptionSettings } from './kafka-subscription';

/** The kafkajs instrumentation events the subscription listens to, under kafkajs's own names. */
const EVENTS = {
  GROUP_JOIN: 'consumer.group_join',
  FETCH: 'consumer.fetch',
  REBALANCING: 'consumer.rebalancing',
  CRASH: 'consumer.crash',
} as const;

/** A kafkajs consumer that does what the test says, when it says. */
class FakeKafkaConsumer {
  readonly events = EVENTS;
  readonly calls: string[] = [];
  private readonly listeners = new Map<string, Array<(event: { payload: unknown }) => void>>();

  constructor(readonly config: ConsumerConfig) {}

  on(event: string, listener: (event: { payload: unknown }) => void): () => void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return () => undefined;
  }

  emit(event: string, payload: unknown = {}): void {
    for (const listener of this.listeners.get(event) ?? []) listener({ payload });
  }

  /** What kafkajs does when it joins: the group join, then (reading from the end) the first fetch. */
  joins(): void {
    this.emit(EVENTS.GROUP_JOIN);
    this.emit(EVENTS.FETCH);
  }

  async connect(): Promise<void> {
    this.calls.push('connect');
  }
  async subscribe(): Promise<void> {
    this.calls.push('subscribe');
  }
  async run(): Promise<void> {
    this.calls.push('run');
  }
  async disconnect(): Promise<void> {
    this.calls.push('disconnect');
  }
}

function aKafka() {
  const consumers: FakeKafkaConsumer[] = [];
  const kafka = {
    consumer: (config: ConsumerConfig) => {
      const consumer = new FakeKafkaConsumer(config);
      consumers.push(consumer);
      return consumer;
    },
  } as unknown as Kafka;
  return { kafka, consumers };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function settingsWith(clock: FakeSupervisorClock): KafkaSubscriptionSettings {
  return {
    backoff: { initialMs: 10, maxMs: 40 },
    restartBackoff: { initialMs: 1_000, maxMs: 15_000 },
    shutdownTimeoutMs: 1_000,
    sessionTimeoutMs: 6_000,
    heartbeatIntervalMs: 1_000,
    maxWaitTimeMs: 1_000,
    partitionsConsumedConcurrently: 1,
    subscribeTimeoutMs: 60_000,
    logger: silent,
    now: () => new Date(clock.now()),
    random: () => 0.5,
    clock,
    deadLetter: async () => undefined,
  };
}

const GROUP = 'gatehouse-delivery-worker.replays';

describe('KafkaSubscription over kafkajs', () => {
  it('replaces a consumer that kafkajs left dead (CRASH, restart false) with a new kafkajs consumer, which joins again', async () => {
    const clock = new FakeSupervisorClock(1_700_000_000_000);
    const { kafka, consumers } = aKafka();
    const subscription = new KafkaSubscription(
      kafka,
      { topics: ['gatehouse.delivery-replay.v1'], groupId: GROUP, handler: async () => undefined },
      settingsWith(clock),
    );

    const started = subscription.start();
    await settle();
    consumers[0]!.joins();
    await started;
    expect(subscription.status()).toMatchObject({ groupId: GROUP, state: 'joined', restarts: 0 });

    consumers[0]!.emit(EVENTS.CRASH, {
      error: new Error('Failed to find group coordinator'),
      groupId: GROUP,
      restart: false,
    });
    await settle();
    expect(subscription.status()).toMatchObject({ state: 'stopped', notJoinedSince: clock.now() });
    expect(consumers[0]!.calls).toEqual(['connect', 'subscribe', 'run', 'disconnect']);

    await clock.advance(750);
    expect(consumers).toHaveLength(2);
    expect(consumers[1]!.calls).toEqual(['connect', 'subscribe', 'run']);
    expect(subscription.status()).toMatchObject({ state: 'rejoining', restarts: 1 });
    consumers[1]!.joins();
    expect(subscription.status()).toMatchObject({ state: 'joined', restarts: 1 });

    await subscription.close();
    expect(consumers[1]!.calls.at(-1)).toBe('disconnect');
  });

  it('tells kafkajs to restart nothing itself, so every crash comes to the supervisor', async () => {
    const clock = new FakeSupervisorClock(0);
    const { kafka, consumers } = aKafka();
    const subscription = new KafkaSubscription(
      kafka,
      { topics: ['t'], groupId: GROUP, handler: async () => undefined },
      settingsWith(clock),
    );
    const started = subscription.start();
    await settle();
    await expect(
      consumers[0]!.config.retry!.restartOnFailure!(new Error('retriable')),
    ).resolves.toBe(false);
    expect(consumers[0]!.config).toMatchObject({
      groupId: GROUP,
      sessionTimeout: 6_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: 1_000,
    });
    consumers[0]!.joins();
    await started;
    await subscription.close();
  });

  it('counts a group reading from the end as joined only after its first fetch, where its start positions are fixed', async () => {
    const clock = new FakeSupervisorClock(0);
    const { kafka, consumers } = aKafka();
    const subscription = new KafkaSubscription(
      kafka,
      { topics: ['t'], groupId: GROUP, handler: async () => undefined },
      settingsWith(clock),
    );
    const started = subscription.start();
    await settle();
    consumers[0]!.emit(EVENTS.GROUP_JOIN);
    expect(subscription.status().state).toBe('joining');
    consumers[0]!.emit(EVENTS.FETCH);
    await started;
    expect(subscription.status().state).toBe('joined');

    consumers[0]!.emit(EVENTS.REBALANCING);
    expect(subscription.status().state).toBe('rejoining');
    consumers[0]!.emit(EVENTS.GROUP_JOIN);
    expect(subscription.status().state).toBe('rejoining');
    consumers[0]!.emit(EVENTS.FETCH);
    expect(subscription.status().state).toBe('joined');
    await subscription.close();
  });

  it('counts a group reading from the beginning as joined at its group join', async () => {
    const clock = new FakeSupervisorClock(0);
    const { kafka, consumers } = aKafka();
    const subscription = new KafkaSubscription(
      kafka,
      { topics: ['t'], groupId: GROUP, fromBeginning: true, handler: async () => undefined },
      settingsWith(clock),
    );
    const started = subscription.start();
    await settle();
    consumers[0]!.emit(EVENTS.GROUP_JOIN);
    await started;
    expect(subscription.status().state).toBe('joined');
    await subscription.close();
  });

  it('replaces a consumer that crashes before its first join, and resolves start() when the new one joins', async () => {
    const clock = new FakeSupervisorClock(0);
    const { kafka, consumers } = aKafka();
    const subscription = new KafkaSubscription(
      kafka,
      { topics: ['t'], groupId: GROUP, handler: async () => undefined },
      settingsWith(clock),
    );
    let resolved = false;
    const started = subscription.start().then(() => (resolved = true));
    await settle();
    consumers[0]!.emit(EVENTS.CRASH, {
      error: new Error('The coordinator is loading'),
      groupId: GROUP,
      restart: false,
    });
    await clock.advance(750);
    expect(resolved).toBe(false);
    expect(subscription.status()).toMatchObject({ state: 'joining', restarts: 1 });
    consumers[1]!.joins();
    await started;
    expect(resolved).toBe(true);
    await subscription.close();
  });

  it('gives up at its deadline when no consumer joined, naming the latest crash and keeping it as the cause', async () => {
    const clock = new FakeSupervisorClock(0);
    const { kafka, consumers } = aKafka();
    const subscription = new KafkaSubscription(
      kafka,
      { topics: ['t'], groupId: GROUP, handler: async () => undefined },
      { ...settingsWith(clock), subscribeTimeoutMs: 50 },
    );
    const refused = Object.assign(
      new Error('Not authorized to access group: Group authorization failed'),
      { type: 'GROUP_AUTHORIZATION_FAILED' },
    );
    const started = subscription.start().then(
      () => null,
      (error: unknown) => error,
    );
    await settle();
    consumers[0]!.emit(EVENTS.CRASH, { error: refused, groupId: GROUP, restart: false });
    const error = (await started) as Error;
    expect(error.message).toBe(
      `Kafka consumer of group '${GROUP}' did not join within 50 ms: Not authorized to access group: Group authorization failed`,
    );
    expect(error.cause).toBe(refused);
    expect(subscription.status().state).toBe('stopped');
  });
});
