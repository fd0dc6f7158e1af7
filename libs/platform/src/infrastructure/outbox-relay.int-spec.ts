import { Module } from '@nestjs/common';
import type { EventBus, IncomingMessage, OutboxRelay } from '@gatehouse/messaging';
import { appendOutbox } from '@gatehouse/persistence';
import { createScratchDatabase, ScratchDatabase, waitUntil } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createServiceApp } from '../bootstrap/create-service-app';
import { CapturedLog } from '../testing/captured-log';
import { infrastructureFromEnvironment } from '../testing/infrastructure-under-test';
import { DatabaseModule } from './database.module';
import { EVENT_BUS, MessagingModule, OUTBOX_RELAY } from './messaging.module';

jest.setTimeout(60_000);

// A writer process: migrates its own empty database at start and relays its outbox to the run's Kafka broker.
describe('MessagingModule with the outbox relay', () => {
  const { databaseUrl, kafkaBrokers } = infrastructureFromEnvironment(process.env);
  const topic = `platform.outbox-relay.${randomBytes(4).toString('hex')}`;
  const log = new CapturedLog();
  let database: ScratchDatabase;

  beforeAll(async () => {
    database = await createScratchDatabase({
      prefix: 'gatehouse_platform',
      onServerOf: databaseUrl,
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('migrates at start, publishes committed outbox rows to Kafka, marks them sent, and stops the relay on close', async () => {
    @Module({
      imports: [
        DatabaseModule.forRoot({ type: 'postgres', url: database.url, runMigrations: true }),
        MessagingModule.forRoot({
          type: 'kafka',
          brokers: kafkaBrokers.split(','),
          clientId: 'platform-outbox-test',
          outboxRelay: { pollIntervalMs: 50 },
        }),
      ],
    })
    class RelayingService {}

    const app = await createServiceApp({
      name: 'platform-outbox',
      module: RelayingService,
      logDestination: log,
    });
    let closed = false;
    try {
      expect(log.entries.find((entry) => entry.msg === 'migrations applied')).toMatchObject({
        level: 'info',
      });
      const dataSource = app.get(DataSource);
      const bus = app.get<EventBus>(EVENT_BUS);
      const relay = app.get<OutboxRelay>(OUTBOX_RELAY);
      expect(relay.running).toBe(true);

      await bus.ensureTopics([{ topic, partitions: 1 }]);
      const received: IncomingMessage[] = [];
      const subscription = await bus.subscribe({
        topics: [topic],
        groupId: `platform-outbox-${randomBytes(4).toString('hex')}`,
        fromBeginning: true,
        handler: async (message) => void received.push(message),
      });

      await dataSource.transaction((manager) =>
        appendOutbox(manager, {
          topic,
          key: 'webhook-1',
          value: '{"event":"created"}',
          headers: { 'x-trace': 't-1' },
        }),
      );
      relay.notify();
      await waitUntil('the relayed event', () => received.length === 1, { intervalMs: 50 });
      expect(received[0]).toMatchObject({
        topic,
        key: 'webhook-1',
        value: '{"event":"created"}',
        headers: { 'x-trace': 't-1' },
      });
      await waitUntil('the row to be marked sent', () => relay.relayed === 1, { intervalMs: 50 });
      const rows = (await dataSource.query('SELECT sent_at FROM outbox WHERE topic = $1', [
        topic,
      ])) as Array<{ sent_at: Date | null }>;
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sent_at).toBeInstanceOf(Date);
      await subscription.close();

      await app.close();
      closed = true;
      expect(relay.running).toBe(false);
      expect(dataSource.isInitialized).toBe(false);
    } finally {
      if (!closed) await app.close();
    }
  });

  it('does not migrate unless asked', async () => {
    const fresh = await createScratchDatabase({
      prefix: 'gatehouse_platform',
      onServerOf: databaseUrl,
    });
    try {
      @Module({ imports: [DatabaseModule.forRoot({ type: 'postgres', url: fresh.url })] })
      class WorkerService {}
      const app = await createServiceApp({
        name: 'platform-worker',
        module: WorkerService,
        logDestination: new CapturedLog(),
      });
      try {
        const tables = (await app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)) as Array<{
          n: number;
        }>;
        expect(tables[0]!.n).toBe(0);
      } finally {
        await app.close();
      }
    } finally {
      await fresh.drop();
    }
  });
});
