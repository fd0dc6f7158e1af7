import { Controller, Module } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { type EventBus, type IncomingMessage, KafkaEventBus } from '@gatehouse/messaging';
import { waitUntil } from '@gatehouse/testing';
import { type Admin, Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { bootstrapService, type RunningService } from '../bootstrap/service-bootstrap';
import type { ReadinessReport } from '../health/readiness-check';
import { EVENT_BUS, MessagingModule } from '../infrastructure/messaging.module';
import { EventBusTransport, type EventConsumerOptions } from './event-bus-transport';

const run = randomBytes(4).toString('hex');
const topic = `transport-it-${run}`;
/** The group as a service would declare it, and the one this run joins instead. */
const declaredGroup = 'transport-it';
const groupId = `transport-it-${run}`;

const batches: string[][] = [];

@Controller()
class ProbeConsumer {
  @EventPattern(topic, {
    group: declaredGroup,
    batch: true,
    fromBeginning: true,
    maxAttempts: 2,
  } satisfies EventConsumerOptions)
  async handle(@Payload() messages: readonly IncomingMessage[]): Promise<void> {
    batches.push(messages.map((message) => message.value));
    if (messages.some((message) => message.value === 'poison'))
      throw new RangeError('poison is not a value');
  }
}

function brokers(): string[] {
  const value = process.env.KAFKA_BROKERS;
  if (!value) throw new Error('KAFKA_BROKERS is not set: run this suite in the integration tier');
  return value.split(',');
}

/**
 * One `@EventPattern` consumer over the real broker: subscribed by the transport as the service
 * starts, in the group the service declares (renamed for the run), with the bus's batches,
 * retries, dead letters and commits, and gone from its group once the service closed.
 */
describe('EventBusTransport over Kafka', () => {
  let service: RunningService;
  let admin: Admin;
  let reader: KafkaEventBus;

  beforeAll(async () => {
    admin = new Kafka({
      brokers: brokers(),
      clientId: `transport-it-admin-${run}`,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    // One partition: the batch and what follows it are in one order.
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 1 }] });
    @Module({
      imports: [
        MessagingModule.forRoot({
          type: 'kafka',
          brokers: brokers(),
          clientId: `transport-it-${run}`,
          consumers: [{ topic, group: declaredGroup }],
          consumerGroupIds: { [declaredGroup]: groupId },
        }),
      ],
      controllers: [ProbeConsumer],
    })
    class ServiceUnderTest {}
    service = await bootstrapService({
      name: 'transport-it',
      module: ServiceUnderTest,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      handleProcessSignals: false,
    });
    reader = new KafkaEventBus({
      brokers: brokers(),
      clientId: `transport-it-reader-${run}`,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
  });

  afterAll(async () => {
    await service?.close();
    await reader?.close();
    await admin?.disconnect();
  });

  it('subscribes the handler as the service starts, in its group; /readyz reports it joined', async () => {
    await service.app.get(EventBusTransport).whenStarted();
    const response = await fetch(`${service.url}/readyz`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as ReadinessReport).details).toEqual({
      consumers: { [groupId]: 'joined' },
    });
  });

  it('hands it a partition’s messages at once, each alone after a throw; the poison one is dead-lettered with the handler’s error, and the group is committed past all', async () => {
    const bus = service.app.get<EventBus>(EVENT_BUS);
    await bus.publish(topic, [
      { key: 'repo', value: 'first' },
      { key: 'repo', value: 'poison' },
      { key: 'repo', value: 'last' },
    ]);
    const deadLetters: IncomingMessage[] = [];
    await reader.subscribe({
      topics: [`${topic}.dlq`],
      groupId: `transport-it-dlq-${run}`,
      fromBeginning: true,
      handler: async (message) => void deadLetters.push(message),
    });
    await waitUntil('the dead letter', () => deadLetters.length === 1, { intervalMs: 100 });
    expect(deadLetters[0]).toMatchObject({
      value: 'poison',
      headers: {
        'gatehouse-dlq-group-id': groupId,
        'gatehouse-dlq-attempts': '2',
        'gatehouse-dlq-error-name': 'RangeError',
        'gatehouse-dlq-error-message': 'poison is not a value',
      },
    });
    const committed = await waitUntil(
      'the group committed past the three messages',
      async () => {
        const [{ partitions }] = await admin.fetchOffsets({ groupId, topics: [topic] });
        return partitions[0]?.offset === '3' && partitions;
      },
      { intervalMs: 200 },
    );
    expect(committed).toEqual([{ partition: 0, offset: '3', metadata: null }]);
    // Fetched together, or in parts; each message alone once the batch holding the poison threw.
    expect(batches.flat().filter((value) => value !== 'poison')).toEqual(
      expect.arrayContaining(['first', 'last']),
    );
    expect(batches).toContainEqual(['poison']);
    expect(batches.filter((batch) => batch.includes('poison')).length).toBeGreaterThanOrEqual(3);
  });

  it('leaves its group when the service closes', async () => {
    await service.close();
    const { groups } = await admin.describeGroups([groupId]);
    expect(groups[0]?.members).toEqual([]);
  });
});
