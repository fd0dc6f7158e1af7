import { SecretBox } from '@gatehouse/crypto';
import type { RepoChangeEvent } from '@gatehouse/domain';
import { aRepoChangeEvent } from '@gatehouse/domain/testing';
import { KafkaEventBus, repoChangedMessage } from '@gatehouse/messaging';
import {
  createMigratedTestDatabase,
  type MigratedTestDatabase,
  type NodeProcess,
  REGISTER_SWC,
  startNodeProcess,
  waitUntil,
  testRedisPrefix,
} from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ACME, insertWebhook, seedAccounts } from './testing/delivery.fixture';
import type { DeliveryTestAppOptions } from './testing/delivery-test-app';
import { Receiver } from './testing/receiver';
import { ATTEMPTS_PER_SEND_SLOT } from './delivery-pipeline.factory';
import { ATTEMPT_OUTCOME_PENDING } from './pipeline/ports/delivery.store';

const EVENTS = 10_000;
const REPOS = 100;
const CONCURRENCY = 64;
const CHILD = join(__dirname, 'testing/delivery-worker-child.ts');
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: object, message: string) => console.error(message, details),
};

/** Event `index` of the batch; its number rides in `updatedRefs[0].newSha`, so the receiver can tell events apart. */
function numberedEvent(index: number): RepoChangeEvent {
  const repo = index % REPOS;
  return aRepoChangeEvent({
    id: `crash-${index}`,
    time: new Date().toISOString(),
    repo: {
      name: `acme/model-${repo}`,
      id: `65d0000000000000000${String(repo).padStart(5, '0')}`,
      owner: { id: ACME, name: 'acme' },
    },
    updatedRefs: [
      { ref: 'refs/heads/main', oldSha: null, newSha: index.toString(16).padStart(40, '0') },
    ],
  });
}

function eventNumberOf(body: string): number {
  return parseInt(
    (JSON.parse(body) as { updatedRefs: Array<{ newSha: string }> }).updatedRefs[0]!.newSha,
    16,
  );
}

describe('delivery worker killed with SIGKILL in the middle of a batch', () => {
  const suffix = randomBytes(4).toString('hex');
  const key = randomBytes(32).toString('base64');
  const topics = {
    repoEvents: `gatehouse.repo-events.v1.crash-${suffix}`,
    webhookChanged: `gatehouse.webhook-changed.v1.crash-${suffix}`,
    deadLetter: `gatehouse.delivery-dlq.v1.crash-${suffix}`,
    replays: `gatehouse.delivery-replay.v1.crash-${suffix}`,
  };
  let database: MigratedTestDatabase;
  let ds: DataSource;
  let producer: KafkaEventBus;
  const receiver = new Receiver();
  const workers: NodeProcess[] = [];
  let options: DeliveryTestAppOptions;
  let webhookId: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 2 });
    ds = database.dataSource;
    await seedAccounts(ds);
    const url = await receiver.start();
    webhookId = await insertWebhook(ds, SecretBox.fromBase64Key(key), {
      url: `${url}/hook`,
      secret: 'crash-secret',
      watched: [{ type: 'org', name: 'acme' }],
    });
    producer = new KafkaEventBus({
      brokers: process.env.KAFKA_BROKERS!.split(','),
      clientId: `crash-producer-${suffix}`,
      logger: quiet,
    });
    await producer.ensureTopics([{ topic: topics.repoEvents, partitions: 3 }]);
    options = {
      databaseUrl: database.url,
      redisUrl: process.env.REDIS_URL!,
      redisPrefix: testRedisPrefix('crash'),
      brokers: process.env.KAFKA_BROKERS!.split(','),
      internalToken: `crash-${suffix}`,
      delivery: {
        publicUrl: 'https://hub.example',
        encryptionKey: key,
        allowLoopbackTargets: true,
        retryScheduleSeconds: [1, 1, 1],
        // The receiver shares a busy machine with the worker: a timeout would be retried only after
        // 60 s (an overloaded receiver), past the end of the test.
        timeoutMs: 10_000,
        dailyTriggerLimit: 1_000_000,
        jobLauncher: 'local',
        topics,
        groupId: `crash-${suffix}`,
        tuning: { concurrency: CONCURRENCY, leaseMs: 8_000, pollIntervalMs: 200 },
      },
    };
  }, 60_000);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop(5_000)));
    await producer?.close();
    await receiver.stop();
    if (database) await database.drop();
  }, 60_000);

  async function startWorker(): Promise<NodeProcess> {
    const worker = startNodeProcess(CHILD, {
      nodeArgs: ['--require', REGISTER_SWC],
      env: { DELIVERY_CHILD_OPTIONS: JSON.stringify(options) },
    });
    workers.push(worker);
    await worker.waitForLog((entry) => entry.msg === 'worker ready', 60_000);
    return worker;
  }

  it('loses no event and duplicates none, counted at the receiver by webhook-id', async () => {
    const first = await startWorker();
    const events = Array.from({ length: EVENTS }, (_, index) => numberedEvent(index));
    for (let start = 0; start < EVENTS; start += 500)
      await producer.publish(
        topics.repoEvents,
        events.slice(start, start + 500).map(repoChangedMessage),
      );

    // Mid-batch: some delivered, most not yet.
    await receiver.waitFor(
      (requests) => requests.length >= EVENTS / 5,
      120_000,
      `${EVENTS / 5} deliveries before the kill`,
    );
    first.child.kill('SIGKILL');
    const killed = await first.exited;
    expect(killed.signal).toBe('SIGKILL');
    const deliveredBeforeKill = receiver.webhookIds.size;
    expect(deliveredBeforeKill).toBeLessThan(EVENTS);

    const second = await startWorker();
    await receiver.waitFor(
      () => receiver.webhookIds.size >= EVENTS,
      240_000,
      `${EVENTS} distinct deliveries`,
    );
    // The attempts the kill cut short are sent again once their lease (8 s) has run out, which
    // may be after every other delivery is done.
    const succeeded = async () => {
      const [row] = await ds.query(
        `SELECT count(*)::int AS n FROM deliveries WHERE webhook_id = $1 AND status = 'succeeded'`,
        [webhookId],
      );
      return (row as { n: number }).n;
    };
    await waitUntil(
      'every delivery recorded as succeeded',
      async () => (await succeeded()) >= EVENTS,
      {
        timeoutMs: 120_000,
        intervalMs: 250,
      },
    );
    // Drained and exited (SIGTERM lets the attempts under way finish): nothing more can reach the
    // receiver, so what it counted is final, with no wait for a duplicate that might still come.
    expect(await second.stop(60_000)).toEqual({ code: 0, signal: null });

    const byWebhookId = new Map<string, number[]>();
    for (const request of receiver.requests) {
      const id = String(request.headers['webhook-id']);
      byWebhookId.set(id, [...(byWebhookId.get(id) ?? []), eventNumberOf(request.body)]);
    }
    // One webhook-id per event: no event became two deliveries, none was lost.
    expect(byWebhookId.size).toBe(EVENTS);
    const eventNumbers = [...byWebhookId.values()].map((numbers) => numbers[0]!);
    expect(new Set(eventNumbers).size).toBe(EVENTS);
    expect(Math.min(...eventNumbers)).toBe(0);
    expect(Math.max(...eventNumbers)).toBe(EVENTS - 1);
    // A webhook-id sent twice is the same delivery tried again (its attempt was cut by the kill), always with the same event.
    for (const numbers of byWebhookId.values()) expect(new Set(numbers).size).toBe(1);
    // Every request sent again is accounted for: an attempt the kill cut short (at most the
    // attempts under way: sending, or writing their rows), or a recorded failure.
    const resent = receiver.requests.length - EVENTS;
    const [attempts] = await ds.query(
      `SELECT count(*) FILTER (WHERE a.error = $2)::int AS cut, count(*) FILTER (WHERE a.error <> $2)::int AS failed
         FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = $1`,
      [webhookId, ATTEMPT_OUTCOME_PENDING],
    );
    expect(attempts.cut).toBeLessThanOrEqual(CONCURRENCY * ATTEMPTS_PER_SEND_SLOT);
    expect(resent).toBeLessThanOrEqual(attempts.cut + attempts.failed);

    const [stats] = await ds.query(
      `SELECT count(*)::int AS deliveries, count(DISTINCT event_id)::int AS events, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded
         FROM deliveries WHERE webhook_id = $1`,
      [webhookId],
    );
    expect(stats).toEqual({ deliveries: EVENTS, events: EVENTS, succeeded: EVENTS });
    const [ids] = await ds.query(
      `SELECT array_agg(id ORDER BY id) AS ids FROM deliveries WHERE webhook_id = $1`,
      [webhookId],
    );
    expect([...byWebhookId.keys()].sort()).toEqual(ids.ids);
    process.stdout.write(
      `[crash test] delivered before the kill: ${deliveredBeforeKill}; sent again: ${resent} (cut by the kill: ${attempts.cut}, failed: ${attempts.failed})\n`,
    );
  }, 420_000);
});
