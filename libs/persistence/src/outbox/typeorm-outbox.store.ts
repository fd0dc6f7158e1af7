import { Clock, systemClock } from '@gatehouse/domain';
import { DataSource } from 'typeorm';

export interface OutboxRecord {
  /** The outbox row id (a bigint, as a decimal string). */
  id: string;
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

export type OutboxPublish = (records: OutboxRecord[]) => Promise<void>;

interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

/**
 * The outbox as seen by the relay (the messaging lib's outbox-store contract, met structurally).
 * A batch is claimed with `FOR UPDATE SKIP LOCKED`, so concurrent relays never take the same
 * row; it is marked sent in the same transaction after `publish` resolves, and left unsent when
 * `publish` throws. Delivery is therefore at least once: a crash after publish and before commit
 * publishes the batch again.
 */
export class TypeOrmOutboxStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock = systemClock,
  ) {}

  async relayBatch(
    limit: number,
    publish: OutboxPublish,
    topics?: readonly string[],
  ): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, topic, key, value, headers FROM outbox
          WHERE sent_at IS NULL AND ($2::text[] IS NULL OR topic = ANY($2::text[]))
          ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit, topics ? [...topics] : null],
      );
      if (rows.length === 0) return 0;
      const records = rows.map((row) => ({
        id: String(row.id),
        topic: row.topic,
        key: row.key,
        value: row.value,
        headers: row.headers ?? {},
      }));
      await publish(records);
      await manager.query(`UPDATE outbox SET sent_at = $1 WHERE id = ANY($2::bigint[])`, [
        new Date(this.clock.now()),
        records.map((record) => record.id),
      ]);
      return records.length;
    });
  }

  async oldestUnsentAt(topics?: readonly string[]): Promise<Date | null> {
    const [row]: Array<{ oldest: Date | null }> = await this.dataSource.query(
      `SELECT min(created_at) AS oldest FROM outbox
        WHERE sent_at IS NULL AND ($1::text[] IS NULL OR topic = ANY($1::text[]))`,
      [topics ? [...topics] : null],
    );
    return row?.oldest ? new Date(row.oldest) : null;
  }
}
