import { Kafka, logLevel } from 'kafkajs';
import { describeEventBusContract } from '../event-bus.contract';
import { KafkaEventBus } from './kafka-event-bus';

const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('KafkaEventBus against the broker of the integration tier', () => {
  it('has a broker address from global setup', () => {
    expect(brokers.length).toBeGreaterThan(0);
  });

  it('fails ping() when no broker answers', async () => {
    const bus = new KafkaEventBus({
      brokers: ['127.0.0.1:1'],
      clientId: 'ping-spec',
      logger: silent,
      kafkaLogLevel: logLevel.NOTHING,
      connection: { connectionTimeout: 200 },
      pingTimeoutMs: 1000,
    });
    await expect(bus.ping()).rejects.toThrow('Kafka did not answer within 1000 ms');
    await bus.close();
  }, 60_000);

  it('creates a topic once when several processes ensure it at the same moment', async () => {
    const topic = `ensure-race-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const buses = Array.from(
      { length: 8 },
      (_, index) =>
        new KafkaEventBus({
          brokers,
          clientId: `ensure-race-${index}`,
          logger: silent,
          kafkaLogLevel: logLevel.NOTHING,
        }),
    );
    try {
      await Promise.all(buses.map((bus) => bus.ensureTopics([{ topic, partitions: 3 }])));
      const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      try {
        const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
        expect(topics.map((described) => described.partitions.length)).toEqual([3]);
      } finally {
        await admin.disconnect();
      }
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  }, 60_000);
});

describeEventBusContract(
  'KafkaEventBus',
  async (settings) =>
    new KafkaEventBus({
      ...settings,
      brokers,
      clientId: 'event-bus-contract',
      logger: silent,
      kafkaLogLevel: logLevel.NOTHING,
      sessionTimeoutMs: 6000,
      heartbeatIntervalMs: 500,
      maxWaitTimeMs: 200,
    }),
  { waitTimeoutMs: 30_000 },
);
