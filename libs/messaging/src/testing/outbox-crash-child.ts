// A producer process for outbox-crash.int-spec.ts, run as its own Node process.
//   write: commits a business row and its outbox event in one transaction, then dies by
//          SIGKILL before its relay publishes anything (the crash the outbox exists for);
//   relay: a restarted process: drains the outbox to Kafka, prints RELAYED <n>, exits.
// Reads DATABASE_URL, KAFKA_BROKERS, OUTBOX_CRASH_TOPIC and OUTBOX_CRASH_ORDER_ID.
import 'reflect-metadata';
import {
  appendOutbox,
  closeDataSource,
  createDataSource,
  TypeOrmOutboxStore,
} from '@gatehouse/persistence';
import { waitUntil } from '@gatehouse/testing';
import { KafkaEventBus } from '../event-bus/kafka/kafka-event-bus';
import { auditRecordedEvent } from '../events/audit.event';
import { OutboxRelay } from '../outbox/outbox-relay';

const quiet = {
  info: () => undefined,
  warn: () => undefined,
  error: (details: object, message: string) => console.error(message, details),
};

async function main(mode: string): Promise<void> {
  // eslint-disable-next-line no-restricted-properties -- a test's child process, configured by its parent test
  const env = process.env;
  const topic = required(env.OUTBOX_CRASH_TOPIC, 'OUTBOX_CRASH_TOPIC');
  const orderId = required(env.OUTBOX_CRASH_ORDER_ID, 'OUTBOX_CRASH_ORDER_ID');
  const ds = await createDataSource({
    type: 'postgres',
    url: required(env.DATABASE_URL, 'DATABASE_URL'),
    poolSize: 2,
  });
  const bus = new KafkaEventBus({
    brokers: required(env.KAFKA_BROKERS, 'KAFKA_BROKERS').split(','),
    clientId: `outbox-crash-${mode}`,
    logger: quiet,
  });
  const relay = new OutboxRelay(new TypeOrmOutboxStore(ds), bus, {
    pollIntervalMs: 50,
    logger: quiet,
  });

  if (mode === 'write') {
    const event = auditRecordedEvent.encode(
      {
        entryId: orderId,
        organizationId: 'org-crash',
        action: 'oauth.token_exchange',
        actor: { type: 'app', id: 'client-crash' },
        details: { orderId },
        occurredAt: new Date().toISOString(),
      },
      { key: 'org-crash', id: `event-${orderId}` },
    );
    await ds.transaction(async (manager) => {
      await manager.query('INSERT INTO outbox_crash_orders (id) VALUES ($1)', [orderId]);
      await appendOutbox(manager, {
        topic,
        key: event.key,
        value: event.value,
        headers: event.headers,
      });
    });
    process.stdout.write(`COMMITTED ${orderId}\n`);
    // Killed after the commit, before relay.notify() could publish.
    process.kill(process.pid, 'SIGKILL');
    return;
  }

  relay.start();
  await waitUntil(
    'the outbox to be drained',
    async () =>
      (await ds.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL'))[0].n === 0,
    { timeoutMs: 60_000, intervalMs: 50 },
  );
  await relay.stop();
  process.stdout.write(`RELAYED ${relay.relayed}\n`);
  await bus.close();
  await closeDataSource(ds);
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

main(process.argv[2] ?? '').catch((error) => {
  console.error(error);
  process.exit(1);
});
