/** An event written in the same database transaction as the change it announces. */
export interface OutboxRecord {
  /** Increases with insertion order (bigserial, as a string). */
  id: string;
  topic: string;
  key: string;
  /** The message value, usually an event envelope from EventDefinition.encode(). */
  value: string;
  headers: Record<string, string>;
}

/**
 * The outbox table, as the relay sees it. Implemented over TypeORM in libs/persistence
 * (TypeOrmOutboxStore) and in memory (InMemoryOutboxStore).
 */
export interface OutboxStore {
  /**
   * In one transaction: locks up to `limit` unsent records, oldest id first, skipping records
   * another relay holds (FOR UPDATE SKIP LOCKED); calls `publish` with them unless there are none;
   * marks them sent; commits; returns how many were published. When `publish` throws, the
   * transaction rolls back and the records stay unsent, to be published again later: a crash
   * between publish and commit publishes a record twice, so consumers deduplicate by event id.
   * With `topics`, only records of those topics are taken; the others wait for another relay.
   */
  relayBatch(
    limit: number,
    publish: (records: OutboxRecord[]) => Promise<void>,
    topics?: readonly string[],
  ): Promise<number>;

  /**
   * When the oldest record not yet published was written (of `topics` only, when given); null when
   * every record is published. The relay's health, as `gatehouse_outbox_oldest_unsent_seconds`.
   */
  oldestUnsentAt(topics?: readonly string[]): Promise<Date | null>;
}
