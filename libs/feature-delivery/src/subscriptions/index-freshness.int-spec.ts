import { SecretBox } from '@gatehouse/crypto';
import type { RepoChangeEvent } from '@gatehouse/domain';
import { aRepoChangeEvent } from '@gatehouse/domain/testing';
import { KafkaEventBus, repoChangedMessage } from '@gatehouse/messaging';
import type { RunningService } from '@gatehouse/platform/testing';
import {
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  testRedisPrefix,
} from '@gatehouse/testing';
import { Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { ACME, insertWebhook, newId, seedAccounts } from '../testing/delivery.fixture';
import { startDeliveryApp } from '../testing/delivery-test-app';
import { Receiver } from '../testing/receiver';

const KEY = randomBytes(32).toString('base64');
const box = SecretBox.fromBase64Key(KEY);
const suffix = randomBytes(4).toString('hex');
const brokers = process.env.KAFKA_BROKERS!.split(',');
const topics = {
  repoEvents: `gatehouse.repo-events.v1.fresh-${suffix}`,
  webhookChanged: `gatehouse.webhook-changed.v1.fresh-${suffix}`,
  deadLetter: `gatehouse.delivery-dlq.v1.fresh-${suffix}`,
  replays: `gatehouse.delivery-replay.v1.fresh-${suffix}`,
};
const groupId = `delivery-fresh-${suffix}`;
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: object, message: string) => console.error(message, details),
};
const ROUNDS = 40;

function event(name: string): RepoChangeEvent {
  return aRepoChangeEvent({
    id: `evt-${newId()}`,
    time: new Date().toISOString(),
    repo: { name, id: newId(), owner: { id: ACME, name: 'acme' } },
  });
}

/**
 * A webhook committed before an event is published reaches it, although the worker hears of the
 * webhook (its webhook.changed event) only later, or, as here, never: the rows are written
 * straight to the table, so only the worker's read-through can find them.
 */
describe('the subscription index and webhooks created just before an event', () => {
  let database: MigratedTestDatabase;
  let app: RunningService | undefined;
  let producer: KafkaEventBus;
  let receiver: Receiver;
  let receiverUrl: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 4 });
    await seedAccounts(database.dataSource);
    receiver = new Receiver();
    receiverUrl = await receiver.start();
    producer = new KafkaEventBus({
      brokers,
      clientId: `delivery-fresh-producer-${suffix}`,
      logger: quiet,
    });
    app = await startDeliveryApp({
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL!,
      redisPrefix: testRedisPrefix('delivery-fresh'),
      brokers,
      internalToken: `fresh-${suffix}-internal-token`,
      delivery: {
        publicUrl: 'https://hub.example',
        encryptionKey: KEY,
        allowLoopbackTargets: true,
        retryScheduleSeconds: [1, 1],
        timeoutMs: 5_000,
        dailyTriggerLimit: 1_000,
        jobLauncher: 'disabled',
        topics,
        groupId,
        tuning: { pollIntervalMs: 100, leaseMs: 15_000, membershipRefreshMs: 60_000 },
      },
    });
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await producer?.close();
    await receiver?.stop();
    if (database) await database.drop();
  });

  it(`delivers every one of ${ROUNDS} events published right after its webhook was committed`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await insertWebhook(database.dataSource, box, {
        url: `${receiverUrl}/fresh-${round}`,
        watched: [{ type: 'model', name: `acme/fresh-${round}` }],
      });
      await producer.publish(topics.repoEvents, [repoChangedMessage(event(`acme/fresh-${round}`))]);
    }
    const expected = Array.from({ length: ROUNDS }, (_, round) => `/fresh-${round}`).sort();
    await receiver.waitFor(
      (requests) => new Set(requests.map((request) => request.path)).size >= ROUNDS,
      60_000,
      `${ROUNDS} deliveries`,
    );
    expect([...new Set(receiver.requests.map((request) => request.path))].sort()).toEqual(expected);
    expect(receiver.requests).toHaveLength(ROUNDS);
  }, 120_000);

  it('leaves no consumer group of its own behind when it stops (the shared groups stay)', async () => {
    const admin = new Kafka({
      brokers,
      clientId: `delivery-fresh-admin-${suffix}`,
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const groupsOf = async () =>
        (await admin.listGroups()).groups
          .map((group) => group.groupId)
          .filter((id) => id.startsWith(groupId))
          .sort();
      expect(await groupsOf()).toEqual(
        expect.arrayContaining([
          groupId,
          `${groupId}.replays`,
          expect.stringMatching(new RegExp(`^${groupId}\\.webhooks\\.`)),
        ]),
      );
      await app!.close();
      app = undefined;
      expect(await groupsOf()).toEqual([groupId, `${groupId}.replays`]);
    } finally {
      await admin.disconnect();
    }
  }, 60_000);
});
