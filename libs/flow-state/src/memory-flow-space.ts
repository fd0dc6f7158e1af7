export interface MemoryFlowEntry {
  value: string;
  expiresAt: number;
}

/**
 * The keys behind one or more MemoryFlowStores, as one Redis database is behind several
 * RedisFlowStores: in the all-in-one, modules with their own key prefixes share one space.
 */
export class MemoryFlowSpace {
  private readonly entries = new Map<string, MemoryFlowEntry>();

  /** The live entry, dropping it first when it has expired at `now`. */
  read(key: string, now: number): MemoryFlowEntry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  write(key: string, entry: MemoryFlowEntry): void {
    this.entries.set(key, entry);
  }

  remove(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry expired at `now`; reads expire lazily, this bounds memory for keys never read again. */
  sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
  }

  /** Entries held, expired ones included until read or swept. */
  get size(): number {
    return this.entries.size;
  }
}
