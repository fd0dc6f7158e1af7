import type { FlowStore } from './flow.store';

/**
 * Counts failures (wrong passwords, wrong client secrets) in fixed windows over
 * FlowStore.increment. Only failures count, so a key that keeps succeeding is never held up;
 * once a key has `limit` failures in its window it waits for the window to end.
 */
export class FailureCounter {
  constructor(
    private readonly store: FlowStore,
    private readonly namespace: string,
  ) {}

  /** Milliseconds until `key` may try again, or null when it has fewer than `limit` failures. */
  async blockedForMs(key: string, limit: number, windowMs: number): Promise<number | null> {
    const counter = this.namespace + key;
    const failures = Number((await this.store.get(counter)) ?? 0);
    if (failures < limit) return null;
    return Math.min((await this.store.ttl(counter)) ?? windowMs, windowMs);
  }

  /** The failures of `key` in its current window. */
  async count(key: string): Promise<number> {
    return Number((await this.store.get(this.namespace + key)) ?? 0);
  }

  /** Milliseconds until the window of `key` ends (`windowMs` when it has none). */
  async resetMs(key: string, windowMs: number): Promise<number> {
    return Math.min((await this.store.ttl(this.namespace + key)) ?? windowMs, windowMs);
  }

  /** Counts one failure; returns the failures of the window so far. */
  record(key: string, windowMs: number): Promise<number> {
    return this.store.increment(this.namespace + key, windowMs);
  }

  clear(key: string): Promise<void> {
    return this.store.delete(this.namespace + key);
  }
}
