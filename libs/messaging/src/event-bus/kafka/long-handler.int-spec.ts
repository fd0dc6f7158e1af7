import { logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from '../event-bus';
import { KafkaEventBus } from './kafka-event-bus';

const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

// kafkajs heartbeats only between messages unless asked; the subscription keeps the membership
// alive while a handler runs, so a short session (fast recovery from a dead member) does not
// expel a live member whose handler takes longer than the session.
describe('a handler that runs longer than the session timeout', () => {
  it('keeps its group membership: the message is handled once and committed, not handed out again', async () => {
    const suffix = randomBytes(4).toString('hex');
    const topic = `long-handler-${suffix}`;
    const bus = new KafkaEventBus({
      brokers,
      clientId: `long-handler-${suffix}`,
      logger: silent,
      kafkaLogLevel: logLevel.NOTHING,
      sessionTimeoutMs: 2_000,
      heartbeatIntervalMs: 300,
      maxWaitTimeMs: 200,
    });
    const handled: string[] = [];
    try {
      await bus.ensureTopics([{ topic, partitions: 1 }]);
      const subscription = await bus.subscribe({
        topics: [topic],
        groupId: `long-handler-${suffix}`,
        fromBeginning: true,
        handler: async (message: IncomingMessage) => {
          handled.push(message.value);
          if (message.value === 'slow') await new Promise((resolve) => setTimeout(resolve, 5_000));
        },
      });
      await bus.publish(topic, [
        { key: 'k', value: 'slow' },
        { key: 'k', value: 'next' },
      ]);
      const deadline = Date.now() + 30_000;
      while (!handled.includes('next') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      // Time for a redelivery to show, had the member been expelled mid-handler.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(handled).toEqual(['slow', 'next']);
      await subscription.close();
    } finally {
      await bus.close();
    }
  }, 60_000);
});
