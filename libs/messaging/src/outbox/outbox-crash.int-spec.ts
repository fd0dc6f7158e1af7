import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { closeDataSource, createDataSource, runMigrations } from '@gatehouse/persistence';
import { waitUntil } from '@gatehouse/testing';
import { Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { IncomingMessage, Subscription } from '../event-bus/event-bus';
import { KafkaEventBus } from '../event-bus/kafka/kafka-event-bus';
import { auditRecordedEvent } from '../events/audit.event';

const ROOT = resolve(__dirname, '../../../..');
const CHILD = join(__dirname, '../testing/outbox-crash-child.ts');
const REGISTER = join(ROOT, 'libs/testing/src/infra/register-swc.js');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runChild(mode: 'write' | 'relay', env: Record<string, string>): Promise<ChildResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--require', REGISTER, CHILD, mode], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
  });
}

/** A database of its own: migrations must start from an empty one, and no other suite relays it. */
async function withAdmin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('transactional outbox across a crash', () => {
  const suffix = randomBytes(4).toString('hex');
  const database = `gatehouse_outbox_crash_${suffix}`;
  const topic = `gatehouse.audit.v1.outbox-crash-${suffix}`;
  const orderId = `order-${suffix}`;
  let databaseUrl: string;
  let bus: KafkaEventBus;
  let subscription: Subscription;
  const received: IncomingMessage[] = [];
  const brokers = (process.env.KAFKA_BROKERS ?? '').split(',');

  /** How many records the topic holds, on all its partitions: what reached Kafka, read nowhere. */
  async function recordsOnTopic(): Promise<number> {
    const admin = new Kafka({
      brokers,
      clientId: 'outbox-crash-spec-admin',
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets(topic);
      return offsets.reduce((sum, partition) => sum + Number(partition.high), 0);
    } finally {
      await admin.disconnect();
    }
  }

  beforeAll(async () => {
    await withAdmin((client) => client.query(`CREATE DATABASE ${database}`));
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
    const ds = await createDataSource({ type: 'postgres', url: databaseUrl });
    await runMigrations(ds);
    await ds.query('CREATE TABLE outbox_crash_orders (id text PRIMARY KEY)');
    await closeDataSource(ds);

    bus = new KafkaEventBus({
      brokers,
      clientId: 'outbox-crash-spec',
      logger: silent,
    });
    await bus.ensureTopics([{ topic, partitions: 3 }]);
    subscription = await bus.subscribe({
      topics: [topic],
      groupId: `outbox-crash-${suffix}`,
      fromBeginning: true,
      handler: async (m) => void received.push(m),
    });
  }, 60_000);

  afterAll(async () => {
    await subscription?.close();
    await bus?.close();
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  }, 60_000);

  it('delivers an event committed just before the producer was killed exactly once, after a restart', async () => {
    const env = {
      DATABASE_URL: databaseUrl,
      OUTBOX_CRASH_TOPIC: topic,
      OUTBOX_CRASH_ORDER_ID: orderId,
    };

    const crashed = await runChild('write', env);
    expect(crashed.stderr).toBe('');
    expect(crashed.stdout).toBe(`COMMITTED ${orderId}\n`);
    expect(crashed.signal).toBe('SIGKILL');

    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      expect((await db.query('SELECT id FROM outbox_crash_orders')).rows).toEqual([
        { id: orderId },
      ]);
      expect((await db.query('SELECT topic, key, sent_at FROM outbox')).rows).toEqual([
        { topic, key: 'org-crash', sent_at: null },
      ]);
      // Nothing reached Kafka: the topic holds no record (no wait for a message that might come).
      expect(await recordsOnTopic()).toBe(0);

      const restarted = await runChild('relay', env);
      expect(restarted.stderr).toBe('');
      expect({ code: restarted.code, stdout: restarted.stdout }).toEqual({
        code: 0,
        stdout: 'RELAYED 1\n',
      });

      const again = await runChild('relay', env);
      expect({ code: again.code, stdout: again.stdout }).toEqual({
        code: 0,
        stdout: 'RELAYED 0\n',
      });
      expect(
        (await db.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NOT NULL')).rows,
      ).toEqual([{ n: 1 }]);
    } finally {
      await db.end();
    }

    // Exactly one record reached the topic (a duplicate would be a second one), and it is read.
    expect(await recordsOnTopic()).toBe(1);
    await waitUntil('the relayed event', () => received.length > 0, { intervalMs: 50 });
    expect(received).toHaveLength(1);
    const event = auditRecordedEvent.decode(received[0]);
    expect(event).toMatchObject({
      id: `event-${orderId}`,
      type: 'audit.recorded',
      version: 1,
      data: { entryId: orderId, details: { orderId } },
    });
    expect(received[0].key).toBe('org-crash');
  }, 120_000);
});
