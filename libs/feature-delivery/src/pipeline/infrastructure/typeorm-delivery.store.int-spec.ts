import { SecretBox } from '@gatehouse/crypto';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@gatehouse/testing';
import { randomBytes } from 'node:crypto';
import { aNewDelivery } from '../../testing/delivery-builders';
import { insertWebhook, newId, seedAccounts } from '../../testing/delivery.fixture';
import {
  ATTEMPT_OUTCOME_PENDING,
  type AttemptRecord,
  type NewDelivery,
} from '../ports/delivery.store';
import { TypeOrmDeliveryStore } from './typeorm-delivery.store';

const NOW = new Date(Date.UTC(2026, 5, 1, 12));
const LEASE = new Date(NOW.getTime() + 10_000);

describe('TypeOrmDeliveryStore: the attempts of a batch in one statement each', () => {
  let database: MigratedTestDatabase;
  let store: TypeOrmDeliveryStore;
  let webhookId: string;
  let statements: string[];

  beforeAll(async () => {
    database = await createMigratedTestDatabase({ poolSize: 2 });
    await seedAccounts(database.dataSource);
    webhookId = await insertWebhook(
      database.dataSource,
      SecretBox.fromBase64Key(randomBytes(32).toString('base64')),
      { url: 'https://receiver.example/hook', watched: [{ type: 'org', name: 'acme' }] },
    );
    const ds = database.dataSource;
    const query = ds.query.bind(ds);
    ds.query = ((sql: string, parameters?: unknown[]) => (
      statements.push(sql),
      query(sql, parameters)
    )) as typeof ds.query;
    store = new TypeOrmDeliveryStore(ds);
  });

  beforeEach(() => {
    statements = [];
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function pendingDeliveries(count: number): Promise<string[]> {
    const rows: NewDelivery[] = Array.from({ length: count }, (_, n) =>
      aNewDelivery({
        id: newId(),
        webhookId,
        eventId: `evt-${newId()}-${n}`,
        payload: { n },
        nextAttemptAt: LEASE,
      }),
    );
    const inserted = await store.insert(rows, NOW);
    expect(inserted.size).toBe(count);
    return rows.map((row) => row.id);
  }

  it('inserts a delivery with its first attempt begun in the same statement, and neither for an event read again', async () => {
    const row = (id: string, eventId: string): NewDelivery =>
      aNewDelivery({
        id,
        webhookId,
        eventId,
        payload: {},
        nextAttemptAt: LEASE,
        firstAttempt: { attemptId: newId(), startedAt: NOW },
      });
    const eventId = `evt-${newId()}`;
    const plain: NewDelivery = { ...row(newId(), `evt-${newId()}`), firstAttempt: undefined };
    const first = row(newId(), eventId);
    statements = [];
    expect(await store.insert([first, plain], NOW)).toEqual(new Set([first.id, plain.id]));
    expect(statements).toHaveLength(1);
    const again = row(newId(), eventId);
    expect(await store.insert([again], NOW)).toEqual(new Set());

    const attempts: Array<{ id: string; delivery_id: string; attempt_no: number; error: string }> =
      await database.dataSource.query(
        'SELECT id, delivery_id, attempt_no, error FROM delivery_attempts WHERE delivery_id = ANY($1)',
        [[first.id, plain.id, again.id]],
      );
    expect(attempts).toEqual([
      {
        id: first.firstAttempt!.attemptId,
        delivery_id: first.id,
        attempt_no: 1,
        error: ATTEMPT_OUTCOME_PENDING,
      },
    ]);
    const counted: Array<{ id: string; attempts: number }> = await database.dataSource.query(
      'SELECT id, attempts FROM deliveries WHERE id = ANY($1)',
      [[first.id, plain.id]],
    );
    expect(Object.fromEntries(counted.map((r) => [r.id, r.attempts]))).toEqual({
      [first.id]: 1,
      [plain.id]: 0,
    });
    // The attempt begun with the insert is recorded like any other, starting when its request went out (it may have waited for it).
    const sentAt = new Date(NOW.getTime() + 1_500);
    const recorded = await store.recordAttempts([
      {
        deliveryId: first.id,
        leases: [LEASE],
        attemptId: first.firstAttempt!.attemptId,
        startedAt: sentAt,
        durationMs: 2,
        statusCode: 200,
        error: null,
        responseExcerpt: null,
        next: { status: 'succeeded' },
        now: sentAt,
      },
    ]);
    expect(recorded).toEqual([{ attemptNo: 1, applied: true }]);
    const [logged]: Array<{ started_at: Date; duration_ms: number }> =
      await database.dataSource.query(
        'SELECT started_at, duration_ms FROM delivery_attempts WHERE id = $1',
        [first.firstAttempt!.attemptId],
      );
    expect({
      startedAt: new Date(logged!.started_at).toISOString(),
      durationMs: logged!.duration_ms,
    }).toEqual({ startedAt: sentAt.toISOString(), durationMs: 2 });
  });

  it('begins the attempts under this process lease in one statement, and none whose lease is lost', async () => {
    const ids = await pendingDeliveries(3);
    statements = [];
    const begun = await store.beginAttempts(
      ids.map((id, n) => ({
        deliveryId: id,
        leases: n === 1 ? [new Date(LEASE.getTime() + 1)] : [LEASE],
        attemptId: newId(),
        startedAt: NOW,
      })),
    );
    expect(begun).toEqual([{ attemptNo: 1 }, null, { attemptNo: 1 }]);
    expect(statements).toHaveLength(1);
    const rows: Array<{ delivery_id: string; attempt_no: number; error: string }> =
      await database.dataSource.query(
        'SELECT delivery_id, attempt_no, error FROM delivery_attempts WHERE delivery_id = ANY($1) ORDER BY delivery_id',
        [ids],
      );
    expect(rows).toEqual(
      [ids[0]!, ids[2]!]
        .sort()
        .map((id) => ({ delivery_id: id, attempt_no: 1, error: ATTEMPT_OUTCOME_PENDING })),
    );
    const counted: Array<{ id: string; attempts: number }> = await database.dataSource.query(
      'SELECT id, attempts FROM deliveries WHERE id = ANY($1) ORDER BY id',
      [ids],
    );
    expect(Object.fromEntries(counted.map((row) => [row.id, row.attempts]))).toEqual({
      [ids[0]!]: 1,
      [ids[1]!]: 0,
      [ids[2]!]: 1,
    });
  });

  it('records the outcomes of a batch without dead letters in one statement', async () => {
    const ids = await pendingDeliveries(2);
    const attemptIds = ids.map(() => newId());
    await store.beginAttempts(
      ids.map((id, n) => ({
        deliveryId: id,
        leases: [LEASE],
        attemptId: attemptIds[n]!,
        startedAt: NOW,
      })),
    );
    statements = [];
    const recorded = await store.recordAttempts(
      ids.map((id, n) => ({
        deliveryId: id,
        leases: [LEASE],
        attemptId: attemptIds[n]!,
        startedAt: NOW,
        durationMs: 3,
        statusCode: 200,
        error: null,
        responseExcerpt: 'ok',
        next: { status: 'succeeded' },
        now: NOW,
      })),
    );
    expect(recorded).toEqual([
      { attemptNo: 1, applied: true },
      { attemptNo: 1, applied: true },
    ]);
    expect(statements).toHaveLength(1);
  });

  it('records outcomes and begins the attempts taking their places in one statement, none whose lease is lost', async () => {
    const [finishing, taking, lost] = await pendingDeliveries(3);
    const attemptId = newId();
    await store.beginAttempts([
      { deliveryId: finishing!, leases: [LEASE], attemptId, startedAt: NOW },
    ]);
    await database.dataSource.query('UPDATE deliveries SET next_attempt_at = $2 WHERE id = $1', [
      lost,
      new Date(LEASE.getTime() + 60_000),
    ]);
    const takingAttemptId = newId();
    statements = [];
    const written = await store.recordAndBeginAttempts(
      [
        {
          deliveryId: finishing!,
          leases: [LEASE],
          attemptId,
          startedAt: NOW,
          durationMs: 7,
          statusCode: 204,
          error: null,
          responseExcerpt: null,
          next: { status: 'succeeded' },
          now: NOW,
        },
      ],
      [
        { deliveryId: taking!, leases: [LEASE], attemptId: takingAttemptId, startedAt: NOW },
        { deliveryId: lost!, leases: [LEASE], attemptId: newId(), startedAt: NOW },
      ],
    );
    expect(written).toEqual({
      recorded: [{ attemptNo: 1, applied: true }],
      begun: [{ attemptNo: 1 }, null],
    });
    expect(statements).toHaveLength(1);
    const attempts: Array<{
      id: string;
      delivery_id: string;
      error: string | null;
      duration_ms: number;
    }> = await database.dataSource.query(
      'SELECT id, delivery_id, error, duration_ms FROM delivery_attempts WHERE delivery_id = ANY($1)',
      [[finishing, taking, lost]],
    );
    expect(
      Object.fromEntries(
        attempts.map((row) => [row.delivery_id, [row.id, row.error, row.duration_ms]]),
      ),
    ).toEqual({
      [finishing!]: [attemptId, null, 7],
      [taking!]: [takingAttemptId, ATTEMPT_OUTCOME_PENDING, 0],
    });
    const deliveries: Array<{ id: string; status: string; attempts: number }> =
      await database.dataSource.query(
        'SELECT id, status, attempts FROM deliveries WHERE id = ANY($1)',
        [[finishing, taking, lost]],
      );
    expect(
      Object.fromEntries(deliveries.map((row) => [row.id, [row.status, row.attempts]])),
    ).toEqual({
      [finishing!]: ['succeeded', 1],
      [taking!]: ['pending', 1],
      [lost!]: ['pending', 0],
    });
  });

  it('records the outcomes of a batch with a dead letter in one transaction, moving on only the deliveries it holds', async () => {
    const ids = await pendingDeliveries(3);
    const attemptIds = ids.map(() => newId());
    await store.beginAttempts(
      ids.map((id, n) => ({
        deliveryId: id,
        leases: [LEASE],
        attemptId: attemptIds[n]!,
        startedAt: NOW,
      })),
    );
    // Another worker took the third one over meanwhile.
    await database.dataSource.query('UPDATE deliveries SET next_attempt_at = $2 WHERE id = $1', [
      ids[2],
      new Date(LEASE.getTime() + 60_000),
    ]);
    const outcome = (n: number, fields: Partial<AttemptRecord>): AttemptRecord => ({
      deliveryId: ids[n]!,
      leases: [LEASE],
      attemptId: attemptIds[n]!,
      startedAt: NOW,
      durationMs: 12,
      statusCode: 204,
      error: null,
      responseExcerpt: null,
      next: { status: 'succeeded' },
      now: NOW,
      ...fields,
    });
    statements = [];
    const recorded = await store.recordAttempts([
      outcome(0, {}),
      outcome(1, {
        statusCode: 410,
        error: 'HTTP 410',
        next: {
          status: 'failed',
          deadLetter: { topic: 'gatehouse.delivery-dlq.v1', key: webhookId, value: '{"dead":1}' },
        },
      }),
      outcome(2, {
        statusCode: 500,
        error: 'HTTP 500',
        next: { status: 'retrying', nextAttemptAt: new Date(NOW.getTime() + 5_000) },
      }),
    ]);
    expect(recorded).toEqual([
      { attemptNo: 1, applied: true },
      { attemptNo: 1, applied: true },
      { attemptNo: 1, applied: false },
    ]);
    const deliveries: Array<{ id: string; status: string; last_status_code: number }> =
      await database.dataSource.query(
        'SELECT id, status, last_status_code FROM deliveries WHERE id = ANY($1)',
        [ids],
      );
    expect(
      Object.fromEntries(deliveries.map((row) => [row.id, [row.status, row.last_status_code]])),
    ).toEqual({
      [ids[0]!]: ['succeeded', 204],
      [ids[1]!]: ['failed', 410],
      [ids[2]!]: ['pending', 500],
    });
    const attempts: Array<{
      id: string;
      status_code: number;
      error: string | null;
      duration_ms: number;
    }> = await database.dataSource.query(
      'SELECT id, status_code, error, duration_ms FROM delivery_attempts WHERE id = ANY($1)',
      [attemptIds],
    );
    expect(
      Object.fromEntries(
        attempts.map((row) => [row.id, [row.status_code, row.error, row.duration_ms]]),
      ),
    ).toEqual({
      [attemptIds[0]!]: [204, null, 12],
      [attemptIds[1]!]: [410, 'HTTP 410', 12],
      [attemptIds[2]!]: [500, 'HTTP 500', 12],
    });
    const outbox: Array<{ value: string }> = await database.dataSource.query(
      `SELECT value FROM outbox WHERE topic = 'gatehouse.delivery-dlq.v1'`,
    );
    expect(outbox.map((row) => row.value)).toEqual(['{"dead":1}']);
  });

  it('brings forward only the retries waiting beyond any lease, oldest first and spaced, in one statement', async () => {
    const [first, second, leased, pending] = await pendingDeliveries(4);
    const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
    const waits: Array<[string, Date]> = [
      [first!, at(3_600_000)],
      [second!, at(300_000)],
      [leased!, at(9_000)],
    ];
    for (const [id, due] of waits)
      await database.dataSource.query(
        `UPDATE deliveries SET status = 'retrying', next_attempt_at = $2 WHERE id = $1`,
        [id, due],
      );
    statements = [];

    expect(await store.hastenRetries(webhookId, NOW, LEASE, 50)).toBe(2);
    expect(statements).toHaveLength(1);
    const rows: Array<{ id: string; status: string; next_attempt_at: Date }> =
      await database.dataSource.query(
        `SELECT id, status, next_attempt_at FROM deliveries WHERE id = ANY($1)`,
        [[first, second, leased, pending]],
      );
    const dueOf = Object.fromEntries(
      rows.map((row) => [row.id, [row.status, row.next_attempt_at.getTime()]]),
    );
    // Delivery ids grow with time, so id order is the order they were created.
    const [older, newer] = [first!, second!].sort();
    expect(dueOf).toEqual({
      [older!]: ['retrying', NOW.getTime()],
      [newer!]: ['retrying', NOW.getTime() + 50],
      [leased!]: ['retrying', NOW.getTime() + 9_000],
      [pending!]: ['pending', LEASE.getTime()],
    });
  });
});
