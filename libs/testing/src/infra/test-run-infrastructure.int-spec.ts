import { Client } from 'pg';
import Redis from 'ioredis';
import { Kafka, logLevel } from 'kafkajs';

describe('test run infrastructure from global setup', () => {
  it('gives this run its own PostgreSQL database', async () => {
    const url = process.env.DATABASE_URL ?? '';
    expect(url).toMatch(/\/gatehouse_test_[0-9a-f]{10}$/);
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ current_database: string }>(
        'SELECT current_database()',
      );
      expect(url.endsWith(`/${rows[0].current_database}`)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('gives this run a Redis database of its own and a key prefix', async () => {
    const url = process.env.REDIS_URL ?? '';
    expect(url).toMatch(/^redis:\/\/.+\/([1-9]|1[0-5])$/);
    expect(process.env.GATEHOUSE_TEST_REDIS_PREFIX).toMatch(/^gh-test-[0-9a-f]{16}:$/);
    const redis = new Redis(url);
    try {
      const key = `${process.env.GATEHOUSE_TEST_REDIS_PREFIX}probe`;
      await redis.set(key, 'ok');
      expect(await redis.get(key)).toBe('ok');
    } finally {
      redis.disconnect();
    }
  });

  it('runs a Kafka broker that kafkajs can produce to and consume from', async () => {
    const kafka = new Kafka({
      clientId: 'infra-spec',
      brokers: (process.env.KAFKA_BROKERS ?? '').split(','),
      logLevel: logLevel.NOTHING,
    });
    const producer = kafka.producer({ idempotent: true });
    const consumer = kafka.consumer({ groupId: `infra-spec-${Date.now()}` });
    await Promise.all([producer.connect(), consumer.connect()]);
    try {
      const topic = `infra-spec-${Date.now()}`;
      await producer.send({ topic, messages: [{ key: 'k', value: 'hello' }] });
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      const received = await new Promise<string>((resolve) => {
        void consumer.run({ eachMessage: async ({ message }) => resolve(String(message.value)) });
      });
      expect(received).toBe('hello');
    } finally {
      await Promise.all([producer.disconnect(), consumer.disconnect()]);
    }
  });
});
