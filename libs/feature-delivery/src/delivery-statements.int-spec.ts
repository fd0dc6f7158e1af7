import { SecretBox } from '@gatehouse/crypto';
import { aRepoChangeEvent } from '@gatehouse/domain/testing';
import { KafkaEventBus, repoChangedMessage } from '@gatehouse/messaging';
import type { RunningService } from '@gatehouse/platform/testing';
import {
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  StatementCountingProxy,
  statementLabel,
  waitUntil,
  testRedisPrefix,
} from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { ACME, insertWebhook, seedAccounts } from './testing/delivery.fixture';
import { startDeliveryApp } from './testing/delivery-test-app';
import { Receiver } from './testing/receiver';

const EVENTS = 100;
const KEY = randomBytes(32).toString('base64');
const suffix = randomBytes(4).toString('hex');
const topics = {
  repoEvents: `gatehouse.repo-events.v1.statements-${suffix}`,
  webhookChanged: `gatehouse.webhook-changed.v1.statements-${suffix}`,
  deadLetter: `gatehouse.delivery-dlq.v1.statements-${suffix}`,
  replays: `gatehouse.delivery-replay.v1.statements-${suffix}`,
};
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: object, message: string) => console.error(message, details),
};
/** The intake's multi-row insert of a batch's deliveries (with the first attempts it begins). */
const INSERT_DELIVERIES = /INSERT INTO deliveries \(id, webhook_id, event_id, payload/;
/** The AttemptJournal's statement: the outcomes recorded and the attempts begun together. */
const WRITE_ATTEMPTS = /^\s*WITH input AS[\s\S]*kind text, delivery_id/;

/**
 * The PostgreSQL round trips of a batch of deliveries, counted on the wire by a proxy in front of
 * the database: one insert per batch the bus handed over, and attempt rows begun and recorded a
 * statement for many attempts, so a change that adds a round trip per delivery fails here.
 */
describe('statements per delivery batch on PostgreSQL', () => {
  let database: MigratedTestDatabase;
  let proxy: StatementCountingProxy;
  let producer: KafkaEventBus;
  let app: RunningService | undefined;
  const receiver = new Receiver();
  let webhookId: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 2 });
    await seedAccounts(database.dataSource);
    const url = await receiver.start();
    webhookId = await insertWebhook(database.dataSource, SecretBox.fromBase64Key(KEY), {
      url: `${url}/hook`,
      secret: 'statements-secret',
      watched: [{ type: 'org', name: 'acme' }],
    });
    producer = new KafkaEventBus({
      brokers: process.env.KAFKA_BROKERS!.split(','),
      clientId: `statements-producer-${suffix}`,
      logger: quiet,
    });
    // One partition: the burst is handed to the intake in as few batches as the bus fetches.
    await producer.ensureTopics([{ topic: topics.repoEvents, partitions: 1 }]);
    proxy = await StatementCountingProxy.inFrontOf(database.url);
    app = await startDeliveryApp({
      databaseUrl: proxy.url,
      redisUrl: process.env.REDIS_URL!,
      redisPrefix: testRedisPrefix('statements'),
      brokers: process.env.KAFKA_BROKERS!.split(','),
      internalToken: `statements-${suffix}`,
      delivery: {
        publicUrl: 'https://hub.example',
        encryptionKey: KEY,
        allowLoopbackTargets: true,
        retryScheduleSeconds: [60],
        timeoutMs: 10_000,
        dailyTriggerLimit: 1_000_000,
        jobLauncher: 'disabled',
        topics,
        groupId: `statements-${suffix}`,
        tuning: { concurrency: 64, pollIntervalMs: 60_000, leaseMs: 60_000 },
      },
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await producer?.close();
    await receiver.stop();
    await proxy?.stop();
    if (database) await database.drop();
  }, 60_000);

  it('inserts each batch in one statement and writes attempts many to a statement', async () => {
    const from = proxy.statements.length;
    const events = Array.from({ length: EVENTS }, (_, index) =>
      aRepoChangeEvent({
        id: `statements-${index}`,
        repo: {
          name: `acme/model-${index}`,
          id: `65f0000000000000000${String(index).padStart(5, '0')}`,
          owner: { id: ACME, name: 'acme' },
        },
      }),
    );
    await producer.publish(topics.repoEvents, events.map(repoChangedMessage));
    await receiver.waitFor((requests) => requests.length >= EVENTS, 60_000, `${EVENTS} deliveries`);
    await waitUntil(
      'every delivery recorded as succeeded',
      async () => {
        const [row] = (await database.dataSource.query(
          `SELECT count(*)::int AS n FROM deliveries WHERE webhook_id = $1 AND status = 'succeeded'`,
          [webhookId],
        )) as Array<{ n: number }>;
        return row!.n === EVENTS;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    const [batches] = (await database.dataSource.query(
      `SELECT count(DISTINCT created_at)::int AS inserts,
              count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded
         FROM deliveries WHERE webhook_id = $1`,
      [webhookId],
    )) as Array<{ inserts: number; succeeded: number }>;
    const seen = proxy.statements.slice(from).map((statement) => statement.text);
    const inserts = seen.filter((text) => INSERT_DELIVERIES.test(text)).length;
    const attemptWrites = seen.filter((text) => WRITE_ATTEMPTS.test(text)).length;
    const others = new Map<string, number>();
    for (const text of seen)
      if (!INSERT_DELIVERIES.test(text) && !WRITE_ATTEMPTS.test(text))
        others.set(statementLabel(text), (others.get(statementLabel(text)) ?? 0) + 1);
    process.stdout.write(
      `[statements] ${EVENTS} deliveries in ${batches!.inserts} batch(es): ${inserts} inserts, ${attemptWrites} attempt writes, others ${JSON.stringify(Object.fromEntries(others))}\n`,
    );

    // One insert per batch the bus handed over (each stamps its rows with one created_at).
    expect(inserts).toBe(batches!.inserts);
    expect(inserts).toBeLessThanOrEqual(EVENTS / 20);
    // Every attempt began in its delivery's insert; outcomes arriving together share a statement.
    // A round trip per delivery would make EVENTS of these.
    expect(attemptWrites).toBeGreaterThanOrEqual(1);
    expect(attemptWrites).toBeLessThanOrEqual(EVENTS / 4);
    // Nothing else runs per delivery: per batch, at most the index's catch-up read and the
    // webhook's health read (once per webhook and 30 s), plus background work of the window
    // (outbox relay polls, lease renewals).
    const othersTotal = [...others.values()].reduce((sum, count) => sum + count, 0);
    expect(othersTotal).toBeLessThan(EVENTS / 4);
  }, 120_000);
});
