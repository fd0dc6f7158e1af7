import { loadDeliveryWorkerConfig } from '@gatehouse/config';
import { type IncomingMessage, KafkaEventBus } from '@gatehouse/messaging';
import { type RunningKafkaBroker, startKafkaBroker, waitUntil } from '@gatehouse/testing';
import { logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { kafkaConnectionOf } from './kafka-connection';

// A service's GATEHOUSE_KAFKA_* variables, through its configuration loader and kafkaConnectionOf,
// against a real broker whose listener authenticates with SCRAM-SHA-512 (a broker of this spec's
// own; the run's shared broker stays anonymous).

const USER = 'gatehouse-delivery-worker';
const PASSWORD = randomBytes(16).toString('hex');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('Kafka with SASL SCRAM-SHA-512, configured by GATEHOUSE_KAFKA_*', () => {
  let broker: RunningKafkaBroker;
  const buses: KafkaEventBus[] = [];

  beforeAll(async () => {
    broker = await startKafkaBroker({
      scram: { mechanism: 'SCRAM-SHA-512', users: { [USER]: PASSWORD } },
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await broker?.stop();
  }, 60_000);

  function busFor(password: string, name: string): KafkaEventBus {
    const { kafka } = loadDeliveryWorkerConfig({
      GATEHOUSE_PUBLIC_URL: 'https://hub.example.com',
      DATABASE_URL: 'postgres://db/gatehouse',
      REDIS_URL: 'redis://redis:6379',
      GATEHOUSE_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      KAFKA_BROKERS: broker.scramBrokers,
      GATEHOUSE_KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
      GATEHOUSE_KAFKA_USERNAME: USER,
      GATEHOUSE_KAFKA_PASSWORD: password,
    });
    const bus = new KafkaEventBus({
      brokers: kafka.brokers,
      clientId: `kafka-connection-spec-${name}`,
      connection: { ...kafkaConnectionOf(kafka), connectionTimeout: 2_000 },
      logger: silent,
      kafkaLogLevel: logLevel.NOTHING,
      sessionTimeoutMs: 6_000,
      heartbeatIntervalMs: 500,
      maxWaitTimeMs: 200,
    });
    buses.push(bus);
    return bus;
  }

  it('publishes and consumes with the right password', async () => {
    const bus = busFor(PASSWORD, 'right');
    const topic = `kafka-connection-spec.${randomBytes(4).toString('hex')}`;
    const received: IncomingMessage[] = [];
    await bus.ensureTopics([{ topic, partitions: 1, replicationFactor: 1 }]);
    await bus.subscribe({
      topics: [topic],
      groupId: `${topic}.group`,
      fromBeginning: true,
      handler: async (message) => void received.push(message),
    });

    await bus.publish(topic, [
      { key: 'repo-1', value: '{"n":1}' },
      { key: 'repo-1', value: '{"n":2}' },
    ]);

    await waitUntil('both messages', () => received.length === 2);
    expect(received.map((message) => [message.key, message.value])).toEqual([
      ['repo-1', '{"n":1}'],
      ['repo-1', '{"n":2}'],
    ]);
  });

  it('is refused with a wrong password, and the error says so', async () => {
    const bus = busFor(`${PASSWORD}-wrong`, 'wrong');

    await expect(
      bus.publish('kafka-connection-spec.refused', [{ key: 'k', value: 'v' }]),
    ).rejects.toThrow(/SASL SCRAM SHA512 authentication failed.*invalid credentials/);
    await expect(bus.ping()).rejects.toThrow(/SASL SCRAM SHA512 authentication failed/);
  });

  it('is refused without credentials: the listener speaks SASL only', async () => {
    const anonymous = new KafkaEventBus({
      brokers: [broker.scramBrokers!],
      clientId: 'kafka-connection-spec-anonymous',
      connection: { connectionTimeout: 2_000, requestTimeout: 3_000 },
      logger: silent,
      kafkaLogLevel: logLevel.NOTHING,
      pingTimeoutMs: 3_000,
    });
    buses.push(anonymous);

    // The broker answers a request that skips the SASL handshake by closing the connection.
    await expect(anonymous.ping()).rejects.toMatchObject({ name: 'KafkaJSConnectionClosedError' });
  });
});
