import { waitUntil } from '@gatehouse/testing';
import { Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from '../event-bus';
import { KafkaEventBus } from './kafka-event-bus';

const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
// Short, yet long enough that a busy two-core machine running two suites at once does not delay
// the subscription's heartbeats past it (2 s did, now and then).
const SESSION_TIMEOUT_MS = 4_000;

// kafkajs heartbeats only between messages unless asked; the subscription keeps the membership
// alive while a handler runs, so a short session (fast recovery from a dead member) does not
// expel a live member whose handler takes longer than the session.
describe('a handler that runs longer than the session timeout', () => {
  it('keeps its group membership: the message is handled once and committed, not handed out again', async () => {
    const suffix = randomBytes(4).toString('hex');
    const topic = `long-handler-${suffix}`;
    const groupId = `long-handler-${suffix}`;
    const bus = new KafkaEventBus({
      brokers,
      clientId: `long-handler-${suffix}`,
      logger: silent,
      kafkaLogLevel: logLevel.NOTHING,
      sessionTimeoutMs: SESSION_TIMEOUT_MS,
      heartbeatIntervalMs: 300,
      maxWaitTimeMs: 200,
    });
    const admin = new Kafka({
      brokers,
      clientId: `long-handler-admin-${suffix}`,
      logLevel: logLevel.NOTHING,
    }).admin();
    const handled: string[] = [];
    let slowSince: number | undefined;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    try {
      await admin.connect();
      await bus.ensureTopics([{ topic, partitions: 1 }]);
      const subscription = await bus.subscribe({
        topics: [topic],
        groupId,
        fromBeginning: true,
        handler: async (message: IncomingMessage) => {
          handled.push(message.value);
          if (message.value !== 'slow') return;
          slowSince = Date.now();
          await gate; // held until the test lets it go
        },
      });
      await bus.publish(topic, [
        { key: 'k', value: 'slow' },
        { key: 'k', value: 'next' },
      ]);
      await waitUntil('the slow message to reach its handler', () => slowSince !== undefined);

      // The broker times the session on its own clock, which no test can move: the handler is
      // held until that much real time has passed twice over, then the member must still be in
      // its group, never expelled and never rejoined.
      await waitUntil(
        'the handler to outlive the session twice over',
        () => Date.now() - slowSince! > 2 * SESSION_TIMEOUT_MS,
      );
      const [group] = (await admin.describeGroups([groupId])).groups;
      expect({ state: group!.state, members: group!.members.length }).toEqual({
        state: 'Stable',
        members: 1,
      });
      expect(bus.consumers()).toEqual([{ groupId, topics: [topic], state: 'joined', restarts: 0 }]);
      release();

      // Both committed: nothing is left to hand out again.
      await waitUntil('both messages to be committed', async () => {
        const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
        return offsets!.partitions[0]!.offset === '2';
      });
      expect(handled).toEqual(['slow', 'next']);
      await subscription.close();
    } finally {
      release();
      await bus.close();
      await admin.disconnect();
    }
  }, 60_000);
});
