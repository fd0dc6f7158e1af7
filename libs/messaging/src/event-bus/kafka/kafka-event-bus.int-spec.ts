import { logLevel } from 'kafkajs';
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
