import { systemClock, type Clock } from '@gatehouse/domain';
import {
  assertIncrement,
  assertTtl,
  FlowCounterError,
  type FlowChannel,
  type FlowStore,
} from './flow.store';
import { MemoryFlowSpace } from './memory-flow-space';

export interface MemoryFlowStoreOptions {
  clock?: Clock;
  keyPrefix?: string;
  /** Share keys with other stores (as services share one Redis); a private space by default. */
  space?: MemoryFlowSpace;
  sweepIntervalMs?: number;
}

const DEFAULT_SWEEP_INTERVAL_MS = 30_000;

/**
 * The all-in-one's flow state. Single-threaded JavaScript makes each operation atomic, which is
 * what the Redis adapter gets from single commands and scripts.
 */
export class MemoryFlowStore implements FlowStore {
  private readonly clock: Clock;
  private readonly prefix: string;
  private readonly space: MemoryFlowSpace;
  private readonly sweeper: NodeJS.Timeout;

  constructor(options: MemoryFlowStoreOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.prefix = options.keyPrefix ?? '';
    this.space = options.space ?? new MemoryFlowSpace();
    this.sweeper = setInterval(
      () => this.space.sweep(this.clock.now()),
      options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    );
    // The sweep is housekeeping: it must never keep the process alive on its own.
    this.sweeper.unref();
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    assertTtl(ttlMs);
    this.write(key, value, ttlMs);
  }

  async putIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    if (this.live(key)) return false;
    this.write(key, value, ttlMs);
    return true;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async take(key: string): Promise<string | null> {
    const entry = this.live(key);
    if (!entry) return null;
    this.space.remove(this.prefix + key);
    return entry.value;
  }

  async takeAndMark(
    key: string,
    markerKey: string,
    marker: string,
    markerTtlMs: number,
  ): Promise<string | null> {
    assertTtl(markerTtlMs);
    const value = await this.take(key);
    if (value !== null) this.write(markerKey, marker, markerTtlMs);
    return value;
  }

  async replace(key: string, value: string): Promise<boolean> {
    const entry = this.live(key);
    if (!entry) return false;
    this.space.write(this.prefix + key, { value, expiresAt: entry.expiresAt });
    return true;
  }

  async delete(key: string): Promise<void> {
    this.space.remove(this.prefix + key);
  }

  async increment(key: string, windowMs: number, by = 1): Promise<number> {
    assertTtl(windowMs);
    assertIncrement(by);
    const entry = this.live(key);
    if (!entry) {
      this.write(key, String(by), windowMs);
      return by;
    }
    if (!/^-?\d+$/.test(entry.value)) throw new FlowCounterError(key);
    const count = Number(entry.value) + by;
    this.space.write(this.prefix + key, { value: String(count), expiresAt: entry.expiresAt });
    return count;
  }

  async ttl(key: string): Promise<number | null> {
    const entry = this.live(key);
    return entry ? entry.expiresAt - this.clock.now() : null;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  channel(name: string): FlowChannel {
    const space = this.space;
    const channel = this.prefix + name;
    return {
      publish: async (message) => space.publish(channel, message),
      subscribe: async (listener) => {
        const stop = space.listen(channel, listener);
        listener.connected(true);
        return async () => stop();
      },
    };
  }

  /** A new record that lives `ttlMs` from now. */
  private write(key: string, value: string, ttlMs: number): void {
    this.space.write(this.prefix + key, { value, expiresAt: this.clock.now() + ttlMs });
  }

  private live(key: string) {
    return this.space.read(this.prefix + key, this.clock.now());
  }
}
