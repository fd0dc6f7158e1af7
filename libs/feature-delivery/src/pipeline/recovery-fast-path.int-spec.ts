import { SecretBox } from '@gatehouse/crypto';
import { aRepoChangeEvent } from '@gatehouse/domain/testing';
import { KafkaEventBus, repoChangedMessage } from '@gatehouse/messaging';
import type { RunningService } from '@gatehouse/platform/testing';
import {
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  waitUntil,
  testRedisPrefix,
} from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { BOB, insertWebhook, newId, seedAccounts } from '../testing/delivery.fixture';
import { startDeliveryApp } from '../testing/delivery-test-app';
import { Receiver } from '../testing/receiver';

const KEY = randomBytes(32).toString('base64');
const suffix = randomBytes(4).toString('hex');
const topics = {
  repoEvents: `gatehouse.repo-events.v1.recovery-${suffix}`,
  webhookChanged: `gatehouse.webhook-changed.v1.recovery-${suffix}`,
  deadLetter: `gatehouse.delivery-dlq.v1.recovery-${suffix}`,
  replays: `gatehouse.delivery-replay.v1.recovery-${suffix}`,
};
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: object, message: string) => console.error(message, details),
};
/** The default retry schedule (GATEHOUSE_DELIVERY_RETRY_SCHEDULE): 5 s, then 5 minutes, then longer. */
const DEFAULT_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];
const REPO = { type: 'dataset' as const, name: 'bob/recovering', id: '65c0000000000000000000e1' };

// The receiver-recovery figure with the default schedule: deliveries that failed twice wait five
// minutes for their third try; once the receiver answers again, they go out within seconds.
describe('a receiver recovering, with the default retry schedule', () => {
  let database: MigratedTestDatabase;
  let app: RunningService;
  let producer: KafkaEventBus;
  let receiver: Receiver;
  let webhookId: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 4 });
    await seedAccounts(database.dataSource);
    receiver = new Receiver();
    const receiverUrl = await receiver.start();
    webhookId = await insertWebhook(database.dataSource, SecretBox.fromBase64Key(KEY), {
      ownerId: BOB,
      url: `${receiverUrl}/recovering`,
      watched: [{ type: REPO.type, name: REPO.name }],
    });
    producer = new KafkaEventBus({
      brokers: process.env.KAFKA_BROKERS!.split(','),
      clientId: `recovery-it-producer-${suffix}`,
      logger: quiet,
    });
    app = await startDeliveryApp({
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL!,
      redisPrefix: testRedisPrefix('recovery'),
      brokers: process.env.KAFKA_BROKERS!.split(','),
      internalToken: `recovery-${suffix}`,
      delivery: {
        publicUrl: 'https://hub.example',
        encryptionKey: KEY,
        allowLoopbackTargets: true,
        retryScheduleSeconds: DEFAULT_SCHEDULE,
        timeoutMs: 5_000,
        dailyTriggerLimit: 1_000,
        jobLauncher: 'disabled',
        topics,
        groupId: `recovery-it-${suffix}`,
        tuning: { pollIntervalMs: 200, leaseMs: 15_000, membershipRefreshMs: 60_000 },
      },
    });
  });

  afterAll(async () => {
    await app?.close();
    await producer?.close();
    await receiver?.stop();
    await database?.drop();
  });

  const publish = (count: number) =>
    producer.publish(
      topics.repoEvents,
      Array.from({ length: count }, () =>
        repoChangedMessage(
          aRepoChangeEvent({
            id: `evt-${newId()}`,
            time: new Date().toISOString(),
            repo: { ...REPO, private: false, owner: { id: BOB, name: 'bob' } },
          }),
        ),
      ),
    );

  const deliveries = () =>
    database.dataSource.query(
      `SELECT id, status, attempts, next_attempt_at FROM deliveries WHERE webhook_id = $1 ORDER BY id`,
      [webhookId],
    ) as Promise<Array<{ id: string; status: string; attempts: number; next_attempt_at: Date }>>;

  it('sends every waiting retry within 30 s of the first success, in order, instead of minutes later', async () => {
    let down = true;
    receiver.answer = () => (down ? 500 : 204);
    await publish(3);
    // Each failed its first try and its 5 s retry: the next try is five minutes away.
    const waiting = await waitUntil(
      'three deliveries waiting five minutes',
      async () => {
        const rows = await deliveries();
        return rows.length === 3 &&
          rows.every(
            (row) =>
              row.status === 'retrying' &&
              row.attempts === 2 &&
              row.next_attempt_at.getTime() > Date.now() + 60_000,
          )
          ? rows
          : null;
      },
      { timeoutMs: 30_000 },
    );

    const recovered = Date.now();
    down = false;
    await publish(1);
    const delivered = await waitUntil(
      'every delivery succeeded',
      async () => {
        const rows = await deliveries();
        return rows.length === 4 && rows.every((row) => row.status === 'succeeded') ? rows : null;
      },
      { timeoutMs: 30_000 },
    );
    const recoveryMs = Date.now() - recovered;
    console.log(
      `[delivery] default schedule: 3 deliveries waiting 5 min, all delivered ${recoveryMs} ms after the receiver answered again`,
    );
    expect(recoveryMs).toBeLessThan(30_000);
    expect(delivered.filter((row) => row.attempts === 3).map((row) => row.id)).toEqual(
      waiting.map((row) => row.id),
    );
    // The retries went out oldest first, after the success that showed the receiver was back.
    const succeeded = receiver
      .at('/recovering')
      .filter((request) => request.at >= recovered)
      .map((request) => String(request.headers['webhook-id']));
    expect(succeeded.slice(1)).toEqual(waiting.map((row) => row.id));
  });
});
