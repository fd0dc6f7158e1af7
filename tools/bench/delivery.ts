// Delivery benchmark (issue 7): deliveries per second and event-to-delivery latency of one
// delivery-worker process on this machine, against a local receiver.
//
//   node --require ./libs/testing/src/infra/register-swc.js tools/bench/delivery.ts [--events N] [--rate R]
//
// Brings up what the integration tests use (a fresh PostgreSQL database, a Redis database, a
// Kafka broker of its own; the same prerequisites), starts the worker as its own process
// (libs/feature-delivery/src/__tests__/delivery-worker-child.ts), and measures two runs:
//   burst: N events published at once; deliveries/s = N / (last delivery - first publish);
//   paced: N events at R events/s; event-to-delivery p50/p99 (publish to receipt, first attempt).
// Everything stays on loopback; every loop is bounded by the event count or a deadline.
import 'reflect-metadata';
import { SecretBox } from '@gatehouse/crypto';
import type { RepoChangeEvent } from '@gatehouse/domain';
import { KafkaEventBus } from '@gatehouse/messaging';
import { closeDataSource, createDataSource, runMigrations } from '@gatehouse/persistence';
import { startNodeProcess, startTestRunInfrastructure, stopTestRunInfrastructure, WORKSPACE_ROOT } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ACME, insertWebhook, seedAccounts } from '../../libs/feature-delivery/src/__tests__/delivery-fixtures';
import type { DeliveryTestAppOptions } from '../../libs/feature-delivery/src/__tests__/delivery-test-app';
import { Receiver } from '../../libs/feature-delivery/src/__tests__/receiver';
import { repoChangedMessage } from '../../libs/feature-delivery/src/contracts/repo-changed.event';

const REPOS = 100;
const quiet = { info: () => undefined, warn: () => undefined, error: (details: object, message: string) => console.error(message, details) };

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

function numberedEvent(run: string, index: number): RepoChangeEvent {
  const repo = index % REPOS;
  return {
    id: `${run}-${index}`,
    time: new Date().toISOString(),
    event: { action: 'update', scope: 'repo.content' },
    repo: { type: 'model', name: `acme/model-${repo}`, id: `65e0000000000000000${String(repo).padStart(5, '0')}`, private: false, owner: { id: ACME, name: 'acme' } },
    updatedRefs: [{ ref: `refs/heads/${run}`, oldSha: null, newSha: index.toString(16).padStart(40, '0') }],
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const events = argument('events', 10_000);
  const rate = argument('rate', 500);
  const infra = await startTestRunInfrastructure();
  const ds = await createDataSource({ type: 'postgres', url: infra.database.url, poolSize: 2 });
  const receiver = new Receiver();
  const producer = new KafkaEventBus({ brokers: infra.kafka.brokers.split(','), clientId: 'delivery-bench', logger: quiet });
  let worker: ReturnType<typeof startNodeProcess> | undefined;
  try {
    await runMigrations(ds);
    await seedAccounts(ds);
    const key = randomBytes(32).toString('base64');
    const url = await receiver.start();
    await insertWebhook(ds, SecretBox.fromBase64Key(key), { url: `${url}/hook`, secret: 'bench-secret', watched: [{ type: 'org', name: 'acme' }] });
    const topics = {
      repoEvents: 'gatehouse.repo-events.v1',
      webhookChanged: 'gatehouse.webhook-changed.v1',
      deadLetter: 'gatehouse.delivery-dlq.v1',
      replays: 'gatehouse.delivery-replay.v1',
    };
    await producer.ensureTopics([{ topic: topics.repoEvents, partitions: 3 }]);
    const options: DeliveryTestAppOptions = {
      databaseUrl: infra.database.url,
      redisUrl: infra.redis.url,
      redisPrefix: `${infra.redis.prefix}bench:`,
      brokers: infra.kafka.brokers.split(','),
      internalToken: 'bench',
      delivery: {
        publicUrl: 'https://hub.example',
        encryptionKey: key,
        allowLoopbackTargets: true,
        retryScheduleSeconds: [1, 5, 30],
        timeoutMs: 15_000,
        dailyTriggerLimit: 10_000_000,
        jobLauncher: 'local',
        topics,
      },
    };
    worker = startNodeProcess(join(WORKSPACE_ROOT, 'libs/feature-delivery/src/__tests__/delivery-worker-child.ts'), {
      nodeArgs: ['--require', join(WORKSPACE_ROOT, 'libs/testing/src/infra/register-swc.js')],
      env: { DELIVERY_CHILD_OPTIONS: JSON.stringify(options) },
    });
    await worker.waitForLog((entry) => entry.msg === 'worker ready', 60_000);

    const publishedAt = new Map<string, number>();
    const firstArrival = new Map<string, number>();
    const arrivedPerRun = new Map<string, number>();
    let seen = 0;
    // Reads each request once, as it comes: the receiver must not become the bottleneck.
    const arrivalsOf = (run: string) => {
      for (; seen < receiver.requests.length; seen += 1) {
        const request = receiver.requests[seen]!;
        const { updatedRefs } = JSON.parse(request.body) as { updatedRefs: Array<{ ref: string; newSha: string }> };
        const runName = updatedRefs[0]!.ref.slice('refs/heads/'.length);
        const id = `${runName}-${parseInt(updatedRefs[0]!.newSha, 16)}`;
        if (firstArrival.has(id)) continue;
        firstArrival.set(id, request.at);
        arrivedPerRun.set(runName, (arrivedPerRun.get(runName) ?? 0) + 1);
      }
      return arrivedPerRun.get(run) ?? 0;
    };
    const waitForRun = async (run: string, count: number) => {
      await receiver.waitFor(() => arrivalsOf(run) >= count, 600_000, `${count} deliveries of the ${run} run`);
    };

    // Warm-up: connections, JIT, the group's first fetch.
    const warmup = Array.from({ length: 200 }, (_, index) => numberedEvent('warmup', index));
    await producer.publish(topics.repoEvents, warmup.map(repoChangedMessage));
    await waitForRun('warmup', warmup.length);

    // Burst: throughput.
    const burst = Array.from({ length: events }, (_, index) => numberedEvent('burst', index));
    const burstStart = Date.now();
    for (let start = 0; start < events; start += 500) {
      const batch = burst.slice(start, start + 500);
      const now = Date.now();
      batch.forEach((event) => publishedAt.set(event.id, now));
      await producer.publish(topics.repoEvents, batch.map(repoChangedMessage));
    }
    const publishedIn = Date.now() - burstStart;
    await waitForRun('burst', events);
    const burstEnd = Math.max(...burst.map((event) => firstArrival.get(event.id)!));
    const throughput = events / ((burstEnd - burstStart) / 1000);

    // Paced: latency at a steady rate.
    const paced = Array.from({ length: events }, (_, index) => numberedEvent('paced', index));
    const tickMs = 20;
    const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
    const pacedStart = Date.now();
    for (let start = 0; start < events; start += perTick) {
      const due = pacedStart + (start / rate) * 1000;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const batch = paced.slice(start, start + perTick);
      const now = Date.now();
      batch.forEach((event) => publishedAt.set(event.id, now));
      await producer.publish(topics.repoEvents, batch.map(repoChangedMessage));
    }
    await waitForRun('paced', events);
    const latencies = paced.map((event) => firstArrival.get(event.id)! - publishedAt.get(event.id)!).sort((a, b) => a - b);
    const burstLatencies = burst.map((event) => firstArrival.get(event.id)! - publishedAt.get(event.id)!).sort((a, b) => a - b);

    const [{ attempts }] = await ds.query(`SELECT count(*)::int AS attempts FROM delivery_attempts`);
    const result = {
      machine: `${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}`,
      events,
      burst: {
        publishedInMs: publishedIn,
        deliveriesPerSecond: Math.round(throughput),
        eventToDeliveryMs: { p50: percentile(burstLatencies, 50), p99: percentile(burstLatencies, 99) },
      },
      paced: {
        rate,
        eventToDeliveryMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] },
      },
      receiverRequests: receiver.requests.length,
      attemptsRecorded: attempts,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await worker?.stop(10_000);
    await producer.close();
    await receiver.stop();
    await closeDataSource(ds);
    await stopTestRunInfrastructure(infra);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
