import { waitUntil } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type { IncomingMessage } from '../event-bus';
import { KafkaEventBus } from './kafka-event-bus';

const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A group per process that reads from the end and rebuilds its state elsewhere must not outlive the process. */
describe('KafkaEventBus ephemeral groups', () => {
  const suffix = randomBytes(4).toString('hex');
  const topic = `ephemeral-spec-${suffix}`;
  const admin = new Kafka({
    brokers,
    clientId: `ephemeral-spec-admin-${suffix}`,
    logLevel: logLevel.NOTHING,
  }).admin();
  let bus: KafkaEventBus;

  beforeAll(async () => {
    await admin.connect();
    bus = new KafkaEventBus({
      brokers,
      clientId: `ephemeral-spec-${suffix}`,
      logger: silent,
      kafkaLogLevel: logLevel.NOTHING,
      sessionTimeoutMs: 6000,
      heartbeatIntervalMs: 500,
      maxWaitTimeMs: 200,
    });
    await bus.ensureTopics([{ topic, partitions: 2, replicationFactor: 1 }]);
  });

  afterAll(async () => {
    await bus?.close();
    await admin.disconnect();
  });

  async function consumeThree(groupId: string, ephemeral: boolean) {
    const seen: IncomingMessage[] = [];
    const subscription = await bus.subscribe({
      topics: [topic],
      groupId,
      ephemeral,
      handler: async (message) => void seen.push(message),
    });
    await bus.publish(
      topic,
      ['a', 'b', 'c'].map((key) => ({ key, value: key })),
    );
    await waitUntil(`${groupId} to handle three messages`, () => seen.length === 3);
    const offsets = await admin.fetchOffsets({ groupId, topics: [topic] });
    await subscription.close();
    const groups = (await admin.listGroups()).groups.map((group) => group.groupId);
    return {
      committed: offsets[0]!.partitions
        .map((partition) => partition.offset)
        .filter((offset) => offset !== '-1'),
      groups,
    };
  }

  it('commits nothing and is deleted when its subscription closes', async () => {
    const groupId = `ephemeral-spec-${suffix}.process-1`;
    const { committed, groups } = await consumeThree(groupId, true);
    expect(committed).toEqual([]);
    expect(groups).not.toContain(groupId);
  }, 60_000);

  it('an ordinary group keeps its positions and stays (the contrast)', async () => {
    const groupId = `ephemeral-spec-${suffix}.shared`;
    const { committed, groups } = await consumeThree(groupId, false);
    expect(committed.length).toBeGreaterThan(0);
    expect(groups).toContain(groupId);
  }, 60_000);
});
