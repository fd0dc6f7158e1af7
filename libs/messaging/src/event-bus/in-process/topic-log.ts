export interface StoredMessage {
  key: string;
  value: string;
  headers: Record<string, string>;
  timestamp: number;
}

/** One partition's messages in memory, addressed by offset like a Kafka partition. */
export class PartitionLog {
  private entries: StoredMessage[] = [];
  private base = 0;

  get startOffset(): number {
    return this.base;
  }

  get endOffset(): number {
    return this.base + this.entries.length;
  }

  append(message: StoredMessage): number {
    this.entries.push(message);
    return this.endOffset - 1;
  }

  at(offset: number): StoredMessage | undefined {
    return offset >= this.base ? this.entries[offset - this.base] : undefined;
  }

  /** Forgets every message below `offset`. */
  trimBefore(offset: number): void {
    const count = Math.min(offset - this.base, this.entries.length);
    if (count <= 0) return;
    this.entries.splice(0, count);
    this.base += count;
  }
}

export class TopicLog {
  readonly partitions: PartitionLog[];

  constructor(
    readonly name: string,
    partitionCount: number,
  ) {
    this.partitions = Array.from({ length: partitionCount }, () => new PartitionLog());
  }

  /** Same key, same partition (FNV-1a), so per-key order holds as it does in Kafka. */
  partitionFor(key: string): number {
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i += 1) {
      hash ^= key.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash % this.partitions.length;
  }
}
