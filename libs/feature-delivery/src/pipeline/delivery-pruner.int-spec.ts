import { SecretBox } from '@gatehouse/crypto';
import { FrozenClock } from '@gatehouse/domain/testing';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { insertWebhook, newId, seedAccounts } from '../testing/delivery.fixture';
import { silentLogger } from '../testing/fakes';
import { DeliveryPruner } from './delivery-pruner';
import { TypeOrmDeliveryStore } from './infrastructure/typeorm-delivery.store';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 12);

describe('DeliveryPruner on PostgreSQL', () => {
  let database: MigratedTestDatabase;
  let webhookId: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 2 });
    await seedAccounts(database.dataSource);
    webhookId = await insertWebhook(
      database.dataSource,
      SecretBox.fromBase64Key(randomBytes(32).toString('base64')),
      { url: 'https://receiver.example/hook', watched: [{ type: 'org', name: 'acme' }] },
    );
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function delivery(
    status: string,
    ageDays: number,
    replayOf: string | null = null,
  ): Promise<string> {
    const id = newId();
    const at = new Date(NOW - ageDays * DAY);
    await database.dataSource.query(
      `INSERT INTO deliveries (id, webhook_id, event_id, payload, status, attempts, replay_of, created_at, updated_at)
       VALUES ($1, $2, $3, '{}', $4, 1, $5, $6, $6)`,
      [id, webhookId, `evt-${id}`, status, replayOf, at],
    );
    await database.dataSource.query(
      `INSERT INTO delivery_attempts (id, delivery_id, attempt_no, started_at, duration_ms) VALUES ($1, $2, 1, $3, 10)`,
      [newId(), id, at],
    );
    return id;
  }

  it('deletes finished deliveries past the retention with their attempts, keeps the rest, and published outbox rows past a day', async () => {
    const old = {
      succeeded: await delivery('succeeded', 31),
      failed: await delivery('failed', 40),
      cancelled: await delivery('cancelled', 35),
      limited: await delivery('rate_limited', 31),
    };
    const oldButRetrying = await delivery('retrying', 45);
    const oldButPending = await delivery('pending', 45);
    const recent = await delivery('succeeded', 29);
    const replayed = await delivery('succeeded', 60);
    const recentReplay = await delivery('succeeded', 1, replayed);
    const ds = database.dataSource;
    await ds.query(
      `INSERT INTO outbox (topic, key, value, sent_at) VALUES ('t', 'k', 'old', $1), ('t', 'k', 'recent', $2), ('t', 'k', 'unsent', NULL)`,
      [new Date(NOW - 2 * DAY), new Date(NOW - 3_600_000)],
    );

    const pruner = new DeliveryPruner(
      { store: new TypeOrmDeliveryStore(ds), clock: new FrozenClock(NOW), logger: silentLogger },
      { retentionMs: 30 * DAY, intervalMs: DAY, batchSize: 2 },
    );
    await expect(pruner.pruneOnce()).resolves.toEqual({ deliveries: 4, outbox: 1 });

    const left: Array<{ id: string }> = await ds.query('SELECT id FROM deliveries ORDER BY id');
    expect(left.map((row) => row.id).sort()).toEqual(
      [oldButRetrying, oldButPending, recent, replayed, recentReplay].sort(),
    );
    const attempts: Array<{ delivery_id: string }> = await ds.query(
      'SELECT delivery_id FROM delivery_attempts',
    );
    expect(attempts.map((row) => row.delivery_id)).not.toEqual(
      expect.arrayContaining([old.succeeded]),
    );
    expect(attempts).toHaveLength(5);
    const outbox: Array<{ value: string }> = await ds.query('SELECT value FROM outbox ORDER BY id');
    expect(outbox.map((row) => row.value)).toEqual(['recent', 'unsent']);

    await expect(pruner.pruneOnce()).resolves.toEqual({ deliveries: 0, outbox: 0 });
  });
});
