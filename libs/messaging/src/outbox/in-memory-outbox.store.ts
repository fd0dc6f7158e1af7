import { OutboxRecord, OutboxStore } from './outbox.store';

/** An OutboxStore in memory, with the locking rules of the SQL one; for tests and fakes. */
export class InMemoryOutboxStore implements OutboxStore {
  private readonly records: Array<{ record: OutboxRecord; sent: boolean; addedAt: Date }> = [];
  private readonly locked = new Set<string>();
  private nextId = 1;

  constructor(private readonly now: () => number = Date.now) {}

  add(
    record: Omit<OutboxRecord, 'id' | 'headers'> & { headers?: Record<string, string> },
  ): OutboxRecord {
    const stored: OutboxRecord = {
      ...record,
      headers: record.headers ?? {},
      id: String(this.nextId++),
    };
    this.records.push({ record: stored, sent: false, addedAt: new Date(this.now()) });
    return stored;
  }

  /** Records not yet published, oldest first. */
  unsent(): OutboxRecord[] {
    return this.records.filter((entry) => !entry.sent).map((entry) => entry.record);
  }

  async relayBatch(
    limit: number,
    publish: (records: OutboxRecord[]) => Promise<void>,
    topics?: readonly string[],
  ): Promise<number> {
    const batch = this.records
      .filter(
        (entry) =>
          !entry.sent &&
          !this.locked.has(entry.record.id) &&
          (!topics || topics.includes(entry.record.topic)),
      )
      .slice(0, limit);
    if (batch.length === 0) return 0;
    batch.forEach((entry) => this.locked.add(entry.record.id));
    try {
      await publish(
        batch.map((entry) => ({ ...entry.record, headers: { ...entry.record.headers } })),
      );
      batch.forEach((entry) => (entry.sent = true));
      return batch.length;
    } finally {
      batch.forEach((entry) => this.locked.delete(entry.record.id));
    }
  }

  async oldestUnsentAt(topics?: readonly string[]): Promise<Date | null> {
    const oldest = this.records.find(
      (entry) => !entry.sent && (!topics || topics.includes(entry.record.topic)),
    );
    return oldest ? oldest.addedAt : null;
  }
}
