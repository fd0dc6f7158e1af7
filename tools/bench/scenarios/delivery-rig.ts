import { SecretBox } from '@gatehouse/crypto';
import type { RepoChangeEvent } from '@gatehouse/domain';
import { KafkaEventBus, repoChangedMessage, Topics } from '@gatehouse/messaging';
import { closeDataSource, createDataSource } from '@gatehouse/persistence';
import { findFreePort, NodeProcess, startNodeProcess } from '@gatehouse/testing';
import type { DataSource } from 'typeorm';
import {
  ACME,
  ALICE,
  insertWebhook,
  seedAccounts,
} from '../../../libs/feature-delivery/src/testing/delivery.fixture';
import { ReceivedRequest, Receiver } from '../../../libs/feature-delivery/src/testing/receiver';
import { serviceEnvironment } from '../gatehouse/gatehouse-services';
import type { BenchEnvironment } from '../harness/bench-environment';
import type { LoadResult } from '../harness/load-result';
import { percentiles } from '../load/run-flow';

const REPOS = 100;
export const PARTITIONS = 3;

/** Events in one measured burst: the delivery and scale-out scenarios compare the same burst. */
export function burstSize(quick: boolean): number {
  return quick ? 1000 : 3000;
}
const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: object, message: string) => console.error(message, details),
};

function numberedEvent(run: string, index: number): RepoChangeEvent {
  const repo = index % REPOS;
  return {
    id: `${run}-${index}`,
    time: new Date().toISOString(),
    event: { action: 'update', scope: 'repo.content' },
    repo: {
      type: 'model',
      name: `acme/model-${repo}`,
      id: `65e0000000000000000${String(repo).padStart(5, '0')}`,
      private: false,
      owner: { id: ACME, name: 'acme' },
    },
    updatedRefs: [
      { ref: `refs/heads/${run}`, oldSha: null, newSha: index.toString(16).padStart(40, '0') },
    ],
  };
}

/** The target of the webhooks that only fill the index; no bench event matches them. */
const UNMATCHED_URL = 'https://unmatched.example/hook';

/**
 * The delivery worker as it ships (dist/, the image's NODE_OPTIONS, configured by its environment),
 * once its consumers have joined: it logs `delivery pipeline started` then, at the default level.
 */
async function startWorker(
  environment: Record<string, string>,
  nodeArgs: string[],
): Promise<NodeProcess> {
  const worker = startNodeProcess('dist/apps/delivery-worker/src/main.js', {
    nodeArgs,
    env: { ...environment, PORT: String(await findFreePort()) },
  });
  try {
    await worker.waitForLog((entry) => entry.msg === 'delivery pipeline started', 180_000);
  } catch (error) {
    await worker.stop();
    throw error;
  }
  return worker;
}

/**
 * One delivery-worker process (apps/delivery-worker from dist/, default tuning) with one
 * signed URL webhook watching organization `acme`, a local receiver that answers 200 at once, and
 * a producer of repo change events. Runs are told apart by the ref their events name.
 */
export class DeliveryRig {
  private readonly publishedAt = new Map<string, number>();
  private readonly firstArrival = new Map<string, number>();
  private readonly arrivedPerRun = new Map<string, number>();
  private seen = 0;
  /** A second worker in the same consumer group, while the rig is scaled to two. */
  private second: NodeProcess | null = null;

  private constructor(
    readonly receiver: Receiver,
    private readonly ds: DataSource,
    readonly producer: KafkaEventBus,
    public worker: NodeProcess,
    readonly receiverUrl: string,
    private readonly workerEnvironment: Record<string, string>,
    private readonly workerNodeArgs: string[],
    private readonly webhookId: string,
  ) {}

  static async start(
    env: Pick<BenchEnvironment, 'infra' | 'encryptionKey' | 'internalToken'>,
    workerNodeArgs: string[] = [],
  ): Promise<DeliveryRig> {
    const ds = await createDataSource({
      type: 'postgres',
      url: env.infra.database.url,
      poolSize: 2,
    });
    await seedAccounts(ds);
    const receiver = new Receiver();
    const url = await receiver.start();
    const webhookId = await insertWebhook(ds, SecretBox.fromBase64Key(env.encryptionKey), {
      url: `${url}/hook`,
      secret: 'bench-secret',
      watched: [{ type: 'org', name: 'acme' }],
    });
    const producer = new KafkaEventBus({
      brokers: env.infra.kafka.brokers.split(','),
      clientId: 'delivery-bench',
      logger: quiet,
    });
    await producer.ensureTopics([{ topic: Topics.repoEvents, partitions: PARTITIONS }]);
    const workerEnvironment = {
      ...serviceEnvironment(
        {
          databaseUrl: env.infra.database.url,
          redisUrl: env.infra.redis.url,
          kafkaBrokers: env.infra.kafka.brokers,
          encryptionKey: env.encryptionKey,
          internalToken: env.internalToken,
        },
        'https://hub.example',
      ),
      GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true',
      GATEHOUSE_DELIVERY_RETRY_SCHEDULE: '1,5,30',
      GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT: '10000000',
      // The default level, as in production; startWorker waits for an info line.
      LOG_LEVEL: 'info',
    };
    const worker = await startWorker(workerEnvironment, workerNodeArgs);
    return new DeliveryRig(
      receiver,
      ds,
      producer,
      worker,
      url,
      workerEnvironment,
      workerNodeArgs,
      webhookId,
    );
  }

  /**
   * Makes exactly `total` webhooks besides the bench's own one exist (adding or removing), each watching a model of an owner
   * of its own (so none matches the bench's events, and each is a separate key of the index).
   * They are dated an hour back, as webhooks made long before: the worker loads them at start,
   * and its catch-up reads (rows changed in the last 30 s) do not read them all again.
   */
  async registerWebhooks(total: number): Promise<void> {
    const [{ present }] = (await this.ds.query(
      `SELECT count(*)::int AS present FROM webhooks WHERE url = $1`,
      [UNMATCHED_URL],
    )) as Array<{ present: number }>;
    if (present > total) {
      // Their ids are numbered in order (below), so the ones past `total` are the last added.
      await this.ds.query(
        `DELETE FROM webhooks WHERE url = $1 AND id > 'be0c' || lpad(to_hex($2::int), 20, '0')`,
        [UNMATCHED_URL, total],
      );
      return;
    }
    if (present === total) return;
    await this.ds.query(
      `INSERT INTO webhooks (id, owner_user_id, url, watched, domains, created_at, updated_at)
       SELECT 'be0c' || lpad(to_hex(g), 20, '0'), $1, $2, jsonb_build_array(jsonb_build_object('type', 'model', 'name', 'bench-owner-' || g || '/model')), ARRAY['repo'],
              now() - interval '1 hour', now() - interval '1 hour'
         FROM generate_series($3::int, $4::int) AS g`,
      [ALICE, UNMATCHED_URL, present + 1, total],
    );
  }

  /** A new worker process (which loads every webhook at start); returns how long it took to be ready, in seconds. */
  async restartWorker(): Promise<number> {
    await this.worker.stop(10_000);
    const started = Date.now();
    this.worker = await startWorker(this.workerEnvironment, this.workerNodeArgs);
    return (Date.now() - started) / 1000;
  }

  /**
   * Runs one worker, or two in the same consumer group (the partitions split between them), then
   * waits until a small burst is delivered, so the group has settled before anything is measured.
   */
  async scaleTo(workers: 1 | 2): Promise<void> {
    if (workers === 2 && !this.second)
      this.second = await startWorker(this.workerEnvironment, this.workerNodeArgs);
    else if (workers === 1 && this.second) {
      await this.second.stop(10_000);
      this.second = null;
    } else return;
    await this.burst(`settle-${workers}-${Date.now()}`, 100);
  }

  /** The running worker processes, by name, for the meter. */
  workerProcesses(): Record<string, number> {
    return {
      'delivery-worker-1': this.worker.child.pid!,
      ...(this.second ? { 'delivery-worker-2': this.second.child.pid! } : {}),
    };
  }

  /** A delivery the worker made, to replay its exact body and headers from the raw POST loop. */
  sample(): ReceivedRequest {
    const request = this.receiver.requests[0];
    if (!request) throw new Error('no delivery received yet');
    return request;
  }

  /** Publishes `count` events of run `run` at once, waits for their deliveries: deliveries/s from the first publish to the last arrival. */
  async burst(run: string, count: number): Promise<LoadResult> {
    const events = Array.from({ length: count }, (_, index) => numberedEvent(run, index));
    const started = Date.now();
    for (let first = 0; first < count; first += 500) {
      const batch = events.slice(first, first + 500);
      const now = Date.now();
      batch.forEach((event) => this.publishedAt.set(event.id, now));
      await this.producer.publish(Topics.repoEvents, batch.map(repoChangedMessage));
    }
    await this.receiver.waitFor(
      () => this.arrivals(run) >= count,
      600_000,
      `${count} deliveries of ${run}`,
    );
    return this.figures(
      events,
      (Math.max(...events.map((event) => this.firstArrival.get(event.id)!)) - started) / 1000,
    );
  }

  /** Publishes `count` events of run `run` at `rate` per second: event-to-first-attempt latency at that rate. */
  async paced(run: string, count: number, rate: number): Promise<LoadResult> {
    const events = Array.from({ length: count }, (_, index) => numberedEvent(run, index));
    const tickMs = 20;
    const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
    const started = Date.now();
    for (let first = 0; first < count; first += perTick) {
      const wait = started + (first / rate) * 1000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const batch = events.slice(first, first + perTick);
      const now = Date.now();
      batch.forEach((event) => this.publishedAt.set(event.id, now));
      await this.producer.publish(Topics.repoEvents, batch.map(repoChangedMessage));
    }
    await this.receiver.waitFor(
      () => this.arrivals(run) >= count,
      600_000,
      `${count} deliveries of ${run}`,
    );
    return this.figures(events, (Date.now() - started) / 1000);
  }

  /**
   * The `count` events of run `run` slowest from publish to first arrival, each with what the
   * worker recorded of it: when the worker began handling its batch (the delivery's `created_at`)
   * and when each attempt's request went out (its row's start; ms after the publish), to tell where the time went.
   */
  async slowest(
    run: string,
    count: number,
  ): Promise<
    Array<{ eventId: string; ms: number; batchAfterMs: number | null; attemptsAfterMs: number[] }>
  > {
    const slow = [...this.firstArrival]
      .filter(([id]) => id.startsWith(`${run}-`))
      .map(([eventId, at]) => ({ eventId, ms: at - this.publishedAt.get(eventId)! }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count);
    const rows = (await this.ds.query(
      `SELECT d.event_id, d.created_at, array_agg(a.started_at ORDER BY a.attempt_no) FILTER (WHERE a.id IS NOT NULL) AS starts
         FROM deliveries d LEFT JOIN delivery_attempts a ON a.delivery_id = d.id
        WHERE d.event_id = ANY($1) GROUP BY d.id`,
      [slow.map((event) => event.eventId)],
    )) as Array<{ event_id: string; created_at: Date; starts: Date[] | null }>;
    const byEvent = new Map(rows.map((row) => [row.event_id, row]));
    return slow.map(({ eventId, ms }) => {
      const row = byEvent.get(eventId);
      const published = this.publishedAt.get(eventId)!;
      return {
        eventId,
        ms,
        batchAfterMs: row ? new Date(row.created_at).getTime() - published : null,
        attemptsAfterMs: (row?.starts ?? []).map((start) => new Date(start).getTime() - published),
      };
    });
  }

  /** Attempts recorded in PostgreSQL, to check against the deliveries received. */
  async attemptsRecorded(): Promise<number> {
    const [{ attempts }] = (await this.ds.query(
      `SELECT count(*)::int AS attempts FROM delivery_attempts`,
    )) as Array<{ attempts: number }>;
    return attempts;
  }

  async stop(): Promise<void> {
    await this.second?.stop(10_000);
    await this.worker.stop(10_000);
    await this.producer.close();
    await this.receiver.stop();
    // A later rig on the same database (the scale-out scenario's) must not deliver to this receiver too.
    await this.ds.query(`DELETE FROM webhooks WHERE id = $1`, [this.webhookId]);
    await closeDataSource(this.ds);
  }

  private figures(events: RepoChangeEvent[], seconds: number): LoadResult {
    const latencies = events.map(
      (event) => this.firstArrival.get(event.id)! - this.publishedAt.get(event.id)!,
    );
    return {
      connections: PARTITIONS,
      seconds,
      completed: events.length,
      perSecond: events.length / seconds,
      errors: 0,
      requests: events.length,
      latencyMs: percentiles(latencies),
      firstErrors: [],
    };
  }

  /** Reads each received request once, as it comes, so the receiver never becomes the bottleneck. */
  private arrivals(run: string): number {
    for (; this.seen < this.receiver.requests.length; this.seen += 1) {
      const request = this.receiver.requests[this.seen]!;
      const { updatedRefs } = JSON.parse(request.body) as {
        updatedRefs: Array<{ ref: string; newSha: string }>;
      };
      const runName = updatedRefs[0]!.ref.slice('refs/heads/'.length);
      const id = `${runName}-${parseInt(updatedRefs[0]!.newSha, 16)}`;
      if (this.firstArrival.has(id)) continue;
      this.firstArrival.set(id, request.at);
      this.arrivedPerRun.set(runName, (this.arrivedPerRun.get(runName) ?? 0) + 1);
    }
    return this.arrivedPerRun.get(run) ?? 0;
  }
}
