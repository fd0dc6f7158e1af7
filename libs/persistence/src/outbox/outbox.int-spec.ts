import { FrozenClock } from '@gatehouse/domain/testing';
import { DataSource } from 'typeorm';
import { DATABASE_KINDS, openMigratedDataSource } from '../testing/test-databases';
import { OutboxMessageEntity } from '../entities/outbox/outbox-message.entity';
import { appendOutbox } from './append-outbox';
import { OutboxRecord, TypeOrmOutboxStore } from './typeorm-outbox.store';

// PGlite runs Postgres in WASM: on a busy two-core machine one statement can take seconds.
jest.setTimeout(60_000);

describe.each(DATABASE_KINDS)('outbox on %s', (kind) => {
  let ds: DataSource;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ ds, dispose } = await openMigratedDataSource(kind));
  }, 60_000);
  afterAll(() => dispose?.(), 60_000);
  beforeEach(() => ds.query(`DELETE FROM outbox`));

  const unsentCount = async () =>
    Number((await ds.query(`SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL`))[0].n);

  it('writes an event only when the surrounding transaction commits', async () => {
    await ds.transaction((m) =>
      appendOutbox(m, {
        topic: 'audit.v1',
        key: 'org-1',
        value: '{"a":1}',
        headers: { 'x-v': '1' },
      }),
    );
    await expect(
      ds.transaction(async (m) => {
        await appendOutbox(m, { topic: 'audit.v1', key: 'org-1', value: '{"a":2}' });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');

    const rows = await ds.manager.find(OutboxMessageEntity);
    expect(
      rows.map(({ topic, key, value, headers, sentAt }) => ({
        topic,
        key,
        value,
        headers,
        sentAt,
      })),
    ).toEqual([
      { topic: 'audit.v1', key: 'org-1', value: '{"a":1}', headers: { 'x-v': '1' }, sentAt: null },
    ]);
  });

  it('refuses to write outside a transaction', async () => {
    await expect(appendOutbox(ds.manager, { topic: 't', key: 'k', value: 'v' })).rejects.toThrow(
      'appendOutbox must run inside a transaction',
    );
  });

  it('relays a batch in id order, marks it sent, and finds nothing afterwards', async () => {
    await ds.transaction(async (m) => {
      for (const n of [1, 2, 3])
        await appendOutbox(m, { topic: 'webhooks.changed.v1', key: `w${n}`, value: `v${n}` });
    });
    const clock = new FrozenClock(Date.UTC(2026, 0, 2, 3, 4, 5));
    const store = new TypeOrmOutboxStore(ds, clock);
    const published: OutboxRecord[][] = [];

    expect(await store.relayBatch(2, async (records) => void published.push(records))).toBe(2);
    expect(await store.relayBatch(2, async (records) => void published.push(records))).toBe(1);
    expect(await store.relayBatch(2, async (records) => void published.push(records))).toBe(0);

    expect(published.map((batch) => batch.map((r) => [r.key, r.value, r.headers]))).toEqual([
      [
        ['w1', 'v1', {}],
        ['w2', 'v2', {}],
      ],
      [['w3', 'v3', {}]],
    ]);
    const ids = published.flat().map((r) => r.id);
    expect(ids.every((id) => typeof id === 'string' && /^\d+$/.test(id))).toBe(true);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => a - b));
    const sentAt: { sent_at: Date }[] = await ds.query(`SELECT DISTINCT sent_at FROM outbox`);
    expect(sentAt).toEqual([{ sent_at: new Date(clock.now()) }]);
  });

  it('relays only the topics it is given, oldest first, and leaves the others unsent', async () => {
    await ds.transaction(async (m) => {
      await appendOutbox(m, { topic: 'token-events.v1', key: 'u1', value: 't1' });
      await appendOutbox(m, { topic: 'audit.v1', key: 'o1', value: 'a1' });
      await appendOutbox(m, { topic: 'webhooks.changed.v1', key: 'w1', value: 'w1' });
      await appendOutbox(m, { topic: 'token-events.v1', key: 'u2', value: 't2' });
    });
    const store = new TypeOrmOutboxStore(ds);
    const published: string[] = [];

    expect(
      await store.relayBatch(
        10,
        async (records) => void published.push(...records.map((r) => r.value)),
        ['token-events.v1', 'webhooks.changed.v1'],
      ),
    ).toBe(3);
    expect(
      await store.relayBatch(
        10,
        async (records) => void published.push(...records.map((r) => r.value)),
        ['token-events.v1'],
      ),
    ).toBe(0);

    expect(published).toEqual(['t1', 'w1', 't2']);
    expect(await unsentCount()).toBe(1);
  });

  it('tells when the oldest unsent record of the given topics was written', async () => {
    const store = new TypeOrmOutboxStore(ds);
    expect(await store.oldestUnsentAt()).toBeNull();
    await ds.transaction(async (m) => {
      await appendOutbox(m, { topic: 'audit.v1', key: 'o1', value: 'a1' });
      await appendOutbox(m, { topic: 'token-events.v1', key: 'u1', value: 't1' });
    });
    await ds.query(
      `UPDATE outbox SET created_at = CASE topic WHEN 'audit.v1' THEN $1::timestamptz ELSE $2::timestamptz END`,
      ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'],
    );

    expect(await store.oldestUnsentAt()).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(await store.oldestUnsentAt(['token-events.v1'])).toEqual(
      new Date('2026-01-02T00:00:00Z'),
    );
    await store.relayBatch(10, async () => undefined, ['audit.v1']);
    expect(await store.oldestUnsentAt()).toEqual(new Date('2026-01-02T00:00:00Z'));
    expect(await store.oldestUnsentAt(['audit.v1'])).toBeNull();
  });

  it('leaves a batch unsent when publishing fails', async () => {
    await ds.transaction((m) => appendOutbox(m, { topic: 't', key: 'k', value: 'v' }));
    const store = new TypeOrmOutboxStore(ds);
    await expect(
      store.relayBatch(10, async () => Promise.reject(new Error('broker down'))),
    ).rejects.toThrow('broker down');
    expect(await unsentCount()).toBe(1);
    const retried: string[] = [];
    expect(
      await store.relayBatch(
        10,
        async (records) => void retried.push(...records.map((r) => r.value)),
      ),
    ).toBe(1);
    expect(retried).toEqual(['v']);
  });

  it('never hands the same row to two concurrent relays', async () => {
    const total = 120;
    await ds.transaction(async (m) => {
      for (let n = 0; n < total; n++)
        await appendOutbox(m, { topic: 't', key: `k${n % 7}`, value: String(n) });
    });
    const claimed = new Map<string, string[]>([
      ['a', []],
      ['b', []],
    ]);
    // On PostgreSQL each relay holds its first batch until the other has claimed one, so the two
    // overlap however the machine schedules them. PGlite has one connection: there the relays
    // take turns, each waiting for the connection the other holds, in order.
    let bothClaimed: () => void = () => undefined;
    const overlapping = new Promise<void>((resolve) => (bothClaimed = resolve));
    const relay = async (name: string) => {
      const store = new TypeOrmOutboxStore(ds);
      for (;;) {
        const count = await store.relayBatch(10, async (records) => {
          claimed.get(name)!.push(...records.map((r) => r.value));
          if (kind !== 'postgres') return;
          if ([...claimed.values()].every((values) => values.length > 0)) bothClaimed();
          await overlapping;
        });
        if (count === 0) return;
      }
    };

    await Promise.all([relay('a'), relay('b')]);

    const all = [...claimed.get('a')!, ...claimed.get('b')!];
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
    expect(await unsentCount()).toBe(0);
    expect(claimed.get('a')!.length).toBeGreaterThan(0);
    expect(claimed.get('b')!.length).toBeGreaterThan(0);
  });
});

describe('outbox relays on PostgreSQL', () => {
  let ds: DataSource;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ ds, dispose } = await openMigratedDataSource('postgres'));
  }, 60_000);
  afterAll(() => dispose?.(), 60_000);

  it('skip the rows another relay holds while it is still publishing them', async () => {
    await ds.transaction(async (m) => {
      for (const value of ['1', '2', '3', '4'])
        await appendOutbox(m, { topic: 't', key: 'k', value });
    });
    let releaseA!: () => void;
    let aPublishing!: () => void;
    const aIsPublishing = new Promise<void>((resolve) => (aPublishing = resolve));
    const gate = new Promise<void>((resolve) => (releaseA = resolve));
    const fromA: string[] = [];
    const fromB: string[] = [];

    const a = new TypeOrmOutboxStore(ds).relayBatch(2, async (records) => {
      fromA.push(...records.map((r) => r.value));
      aPublishing();
      await gate;
    });
    await aIsPublishing;
    const bCount = await new TypeOrmOutboxStore(ds).relayBatch(
      10,
      async (records) => void fromB.push(...records.map((r) => r.value)),
    );
    releaseA();

    expect(await a).toBe(2);
    expect(bCount).toBe(2);
    expect(fromA).toEqual(['1', '2']);
    expect(fromB).toEqual(['3', '4']);
  });
});
