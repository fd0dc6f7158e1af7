import {
  claimTestRedis,
  createScratchDatabase,
  releaseTestRedis,
  type RunningKafkaBroker,
  type RunningStack,
  type ScratchDatabase,
  type StackReplica,
  startKafkaBroker,
  startStack,
  type TestRedis,
  waitForHttp,
} from '@gatehouse/testing';
import Redis from 'ioredis';
import { Client } from 'pg';

/** The demo seed's write token of alice (libs/persistence/seed/demo.yaml). */
export const ALICE_TOKEN = 'hf_demoAliceWriteToken000000000000000';

/**
 * Delivery settings of the fault stack: short retries and a short attempt timeout, so a receiver
 * that fails for a while is retried within the scenario (8 tries over about 40 s), and no daily
 * trigger limit in the way of a few thousand events.
 */
export const FAULT_RETRY_SCHEDULE = '1,2,3,5,5,8,8,10';

const STACK_ENV = {
  GATEHOUSE_ALLOW_LOOPBACK_TARGETS: 'true',
  GATEHOUSE_DELIVERY_RETRY_SCHEDULE: FAULT_RETRY_SCHEDULE,
  GATEHOUSE_DELIVERY_TIMEOUT_MS: '2000',
  GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT: '1000000',
  GATEHOUSE_LOG_LEVEL: 'warn',
};

export interface FaultStack {
  stack: RunningStack;
  kafka: RunningKafkaBroker;
  database: ScratchDatabase;
  redis: TestRedis;
  replica(name: string): StackReplica;
  /** Every replica alive and ready (after a scenario restarted some). */
  ensureReady(): Promise<void>;
  /** Terminates every PostgreSQL backend of Gatehouse's services on this stack's database; returns how many. */
  terminatePostgresBackends(): Promise<number>;
  /** CLIENT KILL of every Redis client of Gatehouse's services on this stack's database; returns how many. */
  killRedisClients(): Promise<number>;
  /** A webhook of alice's on `url` watching `repos`, with `secret` when given; resolves with its id. */
  createWebhook(url: string, repos: string[], secret?: string): Promise<string>;
  /** One statement on the stack's database, as its owner (what a change made around the services looks like). */
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

/**
 * The distributed shape for the fault suite: its own Kafka broker (so a scenario may stop it), a
 * scratch database, a claimed Redis database, two replicas of every service, the gateway.
 */
export async function startFaultStack(): Promise<FaultStack> {
  const [kafka, database, redis] = await Promise.all([
    startKafkaBroker(),
    createScratchDatabase({ prefix: 'gatehouse_faults' }),
    claimTestRedis(),
  ]);
  let stack: RunningStack;
  try {
    stack = await startStack({
      databaseUrl: database.url,
      redisUrl: redis.url,
      kafkaBrokers: kafka.brokers,
      replicas: { auth: 2, 'token-exchange': 2, 'webhook-management': 2, 'delivery-worker': 2 },
      env: STACK_ENV,
    });
  } catch (error) {
    await Promise.allSettled([kafka.stop(), database.drop(), releaseTestRedis(redis)]);
    throw error;
  }
  const admin = new Client({ connectionString: database.url });
  await admin.connect();
  const redisAdmin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redisAdmin.on('error', () => undefined);
  await redisAdmin.connect();

  const replica = (name: string) => {
    const found = stack.replicas.find((candidate) => candidate.name === name);
    if (!found)
      throw new Error(
        `no replica ${name} in the stack (${stack.replicas.map((r) => r.name).join(', ')})`,
      );
    return found;
  };

  return {
    stack,
    kafka,
    database,
    redis,
    replica,
    async ensureReady() {
      await kafka.resume();
      for (const candidate of stack.replicas) {
        if (
          candidate.process.child.exitCode !== null ||
          candidate.process.child.signalCode !== null
        )
          await candidate.restart();
      }
      await Promise.all(
        stack.replicas.map((candidate) =>
          waitForHttp(`${candidate.url}/readyz`, { timeoutMs: 90_000, process: candidate.process }),
        ),
      );
    },
    async terminatePostgresBackends() {
      const { rows } = await admin.query<{ terminated: boolean }>(
        `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
          WHERE datname = $1 AND application_name LIKE 'gatehouse-%' AND pid <> pg_backend_pid()`,
        [database.name],
      );
      return rows.filter((row) => row.terminated).length;
    },
    async killRedisClients() {
      // Only this stack's clients: named by Gatehouse's services and on this run's database.
      const list = (await redisAdmin.client('LIST')) as string;
      const ids = list
        .split('\n')
        .map((line) =>
          Object.fromEntries(line.split(' ').map((field) => field.split('=') as [string, string])),
        )
        .filter((client) => client.name?.startsWith('gatehouse-') && Number(client.db) === redis.db)
        .map((client) => client.id!);
      for (const id of ids) await redisAdmin.client('KILL', 'ID', id);
      return ids.length;
    },
    async createWebhook(url, repos, secret) {
      const response = await fetch(`${stack.url}/api/settings/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ALICE_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          url,
          watched: repos.map((name) => ({ type: 'model', name })),
          domains: ['repo'],
          ...(secret ? { secret } : {}),
        }),
      });
      const body = (await response.json()) as { webhook?: { id: string } };
      if (!body.webhook?.id)
        throw new Error(`creating a webhook answered ${response.status}: ${JSON.stringify(body)}`);
      return body.webhook.id;
    },
    async query<T extends Record<string, unknown>>(text: string, params: unknown[] = []) {
      return (await admin.query<T>(text, params)).rows;
    },
    async stop() {
      await admin.end().catch(() => undefined);
      redisAdmin.disconnect();
      await stack.stop();
      await Promise.allSettled([kafka.stop(), database.drop(), releaseTestRedis(redis)]);
    },
  };
}
