import { Controller, Module, type Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  type EventBus,
  type IncomingMessage,
  InProcessEventBus,
  type Subscription,
} from '@gatehouse/messaging';
import { waitUntil } from '@gatehouse/testing';
import { createServiceApp } from '../bootstrap/create-service-app';
import { MessagingModule } from '../infrastructure/messaging.module';
import { EventBusTransport, type EventConsumerOptions } from './event-bus-transport';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** What the probe consumers of one test saw, by consumer. */
const seen = new Map<string, unknown[]>();
const record = (consumer: string, data: unknown) =>
  seen.set(consumer, [...(seen.get(consumer) ?? []), data]);
const valuesSeen = (consumer: string) =>
  (seen.get(consumer) ?? []).map((data) =>
    Array.isArray(data)
      ? (data as IncomingMessage[]).map((message) => message.value)
      : (data as IncomingMessage).value,
  );

@Controller()
class ProbeConsumer {
  /** Fails on `poison`: as any handler whose message cannot be handled. */
  @EventPattern('probe.events', { group: 'probe', maxAttempts: 3 } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    record('probe', message);
    if (message.value === 'poison') throw new TypeError(`cannot handle ${message.value}`);
  }

  @EventPattern('probe.batches', {
    group: 'probe-batches',
    batch: true,
    maxAttempts: 1,
  } satisfies EventConsumerOptions)
  async batch(@Payload() messages: readonly IncomingMessage[]): Promise<void> {
    record('batch', messages);
    if (messages.some((message) => message.value === 'poison')) throw new Error('poison in batch');
  }

  @EventPattern('probe.changes', {
    group: 'probe-changes.',
    ephemeral: true,
    startedBy: 'feature',
  } satisfies EventConsumerOptions)
  async change(@Payload() message: IncomingMessage): Promise<void> {
    record('change', message);
  }
}

@Controller()
class AuditProbeConsumer {
  /** Another group on the topic ProbeConsumer reads: each gets every message. */
  @EventPattern('probe.events', { group: 'probe-audit' } satisfies EventConsumerOptions)
  async handle(@Payload() message: IncomingMessage): Promise<void> {
    record('audit', message);
  }
}

async function appWith(
  bus: EventBus,
  controllers: Type<unknown>[],
  messaging: { consumers?: { topic: string; group: string; ephemeralGroups?: true }[] } = {},
): Promise<NestExpressApplication> {
  @Module({
    imports: [MessagingModule.forRoot({ type: 'in-process', bus, ...messaging })],
    controllers,
  })
  class ServiceUnderTest {}
  return createServiceApp({ name: 'transport-spec', module: ServiceUnderTest, logLevel: 'silent' });
}

/** Reads a topic from its start in a group of the test's own. */
async function reader(
  bus: EventBus,
  topic: string,
): Promise<{ values: string[]; all: IncomingMessage[] }> {
  const all: IncomingMessage[] = [];
  await bus.subscribe({
    topics: [topic],
    groupId: `reader-${topic}`,
    fromBeginning: true,
    handler: async (message) => void all.push(message),
  });
  return {
    all,
    get values() {
      return all.map((message) => message.value);
    },
  };
}

describe('EventBusTransport: consumers as @EventPattern methods, over the in-process bus', () => {
  let bus: InProcessEventBus;
  let app: NestExpressApplication;
  let transport: EventBusTransport;
  let appOpen: boolean;

  beforeEach(async () => {
    appOpen = true;
    seen.clear();
    bus = new InProcessEventBus({ backoff: { initialMs: 1, maxMs: 1 }, logger: quiet });
    app = await appWith(bus, [ProbeConsumer, AuditProbeConsumer]);
    transport = app.get(EventBusTransport);
    await transport.whenStarted();
  });

  afterEach(async () => {
    if (appOpen) await app.close();
    await bus.close();
  });

  it('subscribes each handler it starts, in its group, when the application starts; the bus hands it the messages', async () => {
    expect(
      bus
        .consumers()
        .map(({ groupId, topics, state }) => ({ groupId, topics, state }))
        .sort((a, b) => a.groupId.localeCompare(b.groupId)),
    ).toEqual([
      { groupId: 'probe', topics: ['probe.events'], state: 'joined' },
      { groupId: 'probe-audit', topics: ['probe.events'], state: 'joined' },
      { groupId: 'probe-batches', topics: ['probe.batches'], state: 'joined' },
    ]);
    await bus.publish('probe.events', [
      { key: 'k', value: 'one' },
      { key: 'k', value: 'two' },
    ]);
    await waitUntil('both groups handled both messages', () =>
      ['probe', 'audit'].every((consumer) => valuesSeen(consumer).length === 2),
    );
    // Two handlers of one topic in two groups: each is a subscription of its own, called alone.
    expect(valuesSeen('probe')).toEqual(['one', 'two']);
    expect(valuesSeen('audit')).toEqual(['one', 'two']);
  });

  it('hands a handler’s error to the bus as thrown: retried up to maxAttempts, then dead-lettered with its name and message, and the partition goes on', async () => {
    const deadLetters = await reader(bus, 'probe.events.dlq');
    await bus.publish('probe.events', [
      { key: 'k', value: 'poison' },
      { key: 'k', value: 'after' },
    ]);
    await waitUntil('the message after the poison handled', () =>
      valuesSeen('probe').includes('after'),
    );
    expect(valuesSeen('probe')).toEqual(['poison', 'poison', 'poison', 'after']);
    await waitUntil('the dead letter', () => deadLetters.all.length === 1);
    expect(deadLetters.all[0]).toMatchObject({
      value: 'poison',
      headers: {
        'gatehouse-dlq-original-topic': 'probe.events',
        'gatehouse-dlq-group-id': 'probe',
        'gatehouse-dlq-attempts': '3',
        'gatehouse-dlq-error-name': 'TypeError',
        'gatehouse-dlq-error-message': 'cannot handle poison',
      },
    });
  });

  it('gives a batch handler what the bus fetched from a partition at once; when it throws, each message alone', async () => {
    const deadLetters = await reader(bus, 'probe.batches.dlq');
    await bus.publish('probe.batches', [
      { key: 'k', value: 'a' },
      { key: 'k', value: 'poison' },
      { key: 'k', value: 'c' },
    ]);
    await waitUntil('the last message handled alone', () =>
      (seen.get('batch') ?? []).some(
        (messages) => JSON.stringify(valuesOf(messages)) === JSON.stringify(['c']),
      ),
    );
    expect(valuesSeen('batch')).toEqual([['a', 'poison', 'c'], ['a'], ['poison'], ['c']]);
    await waitUntil('the poison dead-lettered', () => deadLetters.values.includes('poison'));
  });

  it('leaves a consumer started by its feature to the feature, which places it; an ephemeral group keeps no position once closed', async () => {
    expect(bus.consumers().some(({ topics }) => topics.includes('probe.changes'))).toBe(false);
    let subscription: Subscription = await transport.subscribe('probe.changes', {
      groupId: 'probe-changes.this-process',
    });
    expect(bus.consumers()).toContainEqual(
      expect.objectContaining({ groupId: 'probe-changes.this-process', state: 'joined' }),
    );
    await bus.publish('probe.changes', [{ key: 'w1', value: 'first' }]);
    await waitUntil('the first change', () => valuesSeen('change').includes('first'));

    await subscription.close();
    expect(bus.consumers().some(({ groupId }) => groupId === 'probe-changes.this-process')).toBe(
      false,
    );
    await bus.publish('probe.changes', [{ key: 'w1', value: 'while closed' }]);
    subscription = await transport.subscribe('probe.changes', {
      groupId: 'probe-changes.this-process',
    });
    await bus.publish('probe.changes', [{ key: 'w1', value: 'after' }]);
    await waitUntil('the change published after joining again', () =>
      valuesSeen('change').includes('after'),
    );
    // Same key, same partition, in order: the group started again at the end.
    expect(valuesSeen('change')).toEqual(['first', 'after']);
  });

  it('refuses to subscribe, for its feature, a pattern no handler started by a feature has', async () => {
    await expect(transport.subscribe('probe.events')).rejects.toThrow(
      "No @EventPattern('probe.events') handler with startedBy 'feature' is registered",
    );
  });

  it('ends every subscription when the application closes: nothing more is handled', async () => {
    await transport.subscribe('probe.changes', { groupId: 'probe-changes.this-process' });
    appOpen = false;
    await app.close();
    expect(bus.consumers()).toEqual([]);
    const others = await reader(bus, 'probe.events');
    await bus.publish('probe.events', [{ key: 'k', value: 'after close' }]);
    await waitUntil('another group read it', () => others.values.includes('after close'));
    expect(valuesSeen('probe')).toEqual([]);
  });
});

function valuesOf(data: unknown): string[] {
  return (data as IncomingMessage[]).map((message) => message.value);
}

describe('EventBusTransport: the boot check', () => {
  const bus = () => new InProcessEventBus({ logger: quiet });

  it('fails the start of a process with two handlers of one topic in one group', async () => {
    @Controller()
    class Twin {
      @EventPattern('probe.events', { group: 'probe' } satisfies EventConsumerOptions)
      async handle(): Promise<void> {}
    }
    @Controller()
    class OtherTwin {
      @EventPattern('probe.events', { group: 'probe' } satisfies EventConsumerOptions)
      async handle(): Promise<void> {}
    }
    await expect(appWith(bus(), [Twin, OtherTwin])).rejects.toThrow(
      'probe.events in group probe: 2 handlers; a group gets each message once, so each would see only some',
    );
  });

  it('fails the start of a process whose declared consumer has no handler, or whose handler is not declared', async () => {
    const declared = [
      { topic: 'probe.events', group: 'probe' },
      { topic: 'probe.missing', group: 'probe-missing' },
    ];
    await expect(appWith(bus(), [ProbeConsumer], { consumers: declared })).rejects.toThrow(
      [
        'The event consumers of this process are not as they must be:',
        '- probe.missing in group probe-missing: declared for this service, but no @EventPattern handler consumes it',
        '- probe.batches in group probe-batches: handled, but not among the consumers declared for this service (KAFKA_ACCESS)',
        '- probe.changes in group probe-changes. (ephemeral): handled, but not among the consumers declared for this service (KAFKA_ACCESS)',
      ].join('\n'),
    );
  });

  it('starts a process whose handlers are exactly its declared consumers', async () => {
    const app = await appWith(bus(), [ProbeConsumer, AuditProbeConsumer], {
      consumers: [
        { topic: 'probe.events', group: 'probe' },
        { topic: 'probe.events', group: 'probe-audit' },
        { topic: 'probe.batches', group: 'probe-batches' },
        { topic: 'probe.changes', group: 'probe-changes.', ephemeralGroups: true },
      ],
    });
    await app.close();
  });

  it('fails the start on a @MessagePattern, an @EventPattern with no group, or an unknown option', async () => {
    @Controller()
    class Confused {
      @MessagePattern('probe.requests')
      async reply(): Promise<string> {
        return 'no';
      }

      @EventPattern('probe.groupless')
      async groupless(): Promise<void> {}

      @EventPattern('probe.typo', { group: 'g', maxAttemps: 3 })
      async typo(): Promise<void> {}

      @EventPattern('probe.bad-attempts', { group: 'g', maxAttempts: 0 })
      async badAttempts(): Promise<void> {}
    }
    const failure = appWith(bus(), [Confused]);
    await expect(failure).rejects.toThrow(
      'probe.requests: a @MessagePattern handler; the bus carries events, which have no reply: use @EventPattern',
    );
    await expect(failure).rejects.toThrow(
      'probe.groupless: its @EventPattern options name no consumer group ({ group })',
    );
    await expect(failure).rejects.toThrow(
      'probe.typo: unknown @EventPattern option maxAttemps (EventConsumerOptions: group, ephemeral, batch, maxAttempts, fromBeginning, startedBy)',
    );
    await expect(failure).rejects.toThrow(
      'probe.bad-attempts: maxAttempts must be a whole number of at least 1',
    );
  });
});

describe('EventBusTransport: a consumer it starts while subscribing fails', () => {
  /** An in-process bus whose first `failures` subscriptions fail, as Kafka's do while the broker is away. */
  function flakyBus(failures: number) {
    const inner = new InProcessEventBus({ logger: quiet });
    let calls = 0;
    const bus: EventBus = {
      publish: (topic, messages) => inner.publish(topic, messages),
      ensureTopics: (specs) => inner.ensureTopics(specs),
      ping: () => inner.ping(),
      consumers: () => inner.consumers(),
      close: () => inner.close(),
      subscribe: async (options) => {
        calls += 1;
        if (calls <= failures) throw new Error('Kafka did not answer');
        return inner.subscribe(options);
      },
    };
    return { bus, calls: () => calls };
  }

  it('is tried again until it joins, without holding up the start', async () => {
    const { bus, calls } = flakyBus(2);
    const warnings: string[] = [];
    const transport = new EventBusTransport(bus, {
      retryMs: 1,
      logger: { ...quiet, warn: (_details, message) => void warnings.push(message) },
    });
    const handled: string[] = [];
    transport.addHandler(
      'probe.events',
      async (message: IncomingMessage) => void handled.push(message.value),
      true,
      { group: 'probe' },
    );
    const listening = new Promise<unknown>((resolve) => transport.listen(resolve));
    await expect(listening).resolves.toBeUndefined();
    await transport.whenStarted();
    expect(calls()).toBe(3);
    expect(warnings).toEqual([
      'event consumer: cannot subscribe yet; trying again',
      'event consumer: cannot subscribe yet; trying again',
    ]);
    await bus.publish('probe.events', [{ key: 'k', value: 'one' }]);
    await waitUntil('the message handled', () => handled.includes('one'));
    await transport.close();
    expect(bus.consumers()).toEqual([]);
    await bus.close();
  });

  it('subscribes them in the order the service declares them, each once the one before has joined', async () => {
    const inner = new InProcessEventBus({ logger: quiet });
    const steps: string[] = [];
    const bus: EventBus = {
      publish: (topic, messages) => inner.publish(topic, messages),
      ensureTopics: (specs) => inner.ensureTopics(specs),
      consumers: () => inner.consumers(),
      close: () => inner.close(),
      ping: () => inner.ping(),
      subscribe: async (options) => {
        steps.push(`subscribing ${options.groupId}`);
        const subscription = await inner.subscribe(options);
        steps.push(`joined ${options.groupId}`);
        return subscription;
      },
    };
    const transport = new EventBusTransport(bus, {
      declared: [
        { topic: 'probe.second', group: 'second' },
        { topic: 'probe.first', group: 'first' },
      ],
      logger: quiet,
    });
    transport.addHandler('probe.first', async () => undefined, true, { group: 'first' });
    transport.addHandler('probe.second', async () => undefined, true, { group: 'second' });
    transport.listen(() => undefined);
    await transport.whenStarted();
    expect(steps).toEqual([
      'subscribing second',
      'joined second',
      'subscribing first',
      'joined first',
    ]);
    await transport.close();
    await inner.close();
  });

  it('stops trying once closed', async () => {
    const { bus, calls } = flakyBus(Number.POSITIVE_INFINITY);
    const transport = new EventBusTransport(bus, { retryMs: 60_000, logger: quiet });
    transport.addHandler('probe.events', async () => undefined, true, { group: 'probe' });
    transport.listen(() => undefined);
    await waitUntil('the first try', () => calls() === 1);
    await transport.close();
    await transport.whenStarted();
    expect(calls()).toBe(1);
    await bus.close();
  });
});
