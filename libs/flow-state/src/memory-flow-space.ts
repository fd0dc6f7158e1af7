import type { FlowChannelListener } from './flow.store';

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
  private readonly listeners = new Map<string, Set<FlowChannelListener>>();

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

  /** Hands `message` to every listener of `channel` before returning, as a connected Redis would. */
  publish(channel: string, message: string): void {
    for (const listener of [...(this.listeners.get(channel) ?? [])]) listener.message(message);
  }

  listen(channel: string, listener: FlowChannelListener): () => void {
    const listeners = this.listeners.get(channel) ?? new Set<FlowChannelListener>();
    this.listeners.set(channel, listeners);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(channel);
    };
  }
}
