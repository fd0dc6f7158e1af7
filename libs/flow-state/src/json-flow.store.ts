import type { z } from 'zod';
import type { FlowStore } from './flow.store';

/**
 * A typed view of one kind of flow record (say `device-code:`) over a FlowStore: values are JSON,
 * checked against `schema` when read. A value that no longer fits the schema (written by an older
 * release, or by hand) reads as absent: flow state may vanish, and callers already handle that.
 */
export class JsonFlowStore<T> {
  constructor(
    private readonly store: FlowStore,
    private readonly namespace: string,
    private readonly schema: z.ZodType<T>,
  ) {}

  async put(id: string, value: T, ttlMs: number): Promise<void> {
    return this.store.put(this.key(id), this.encode(value), ttlMs);
  }

  async putIfAbsent(id: string, value: T, ttlMs: number): Promise<boolean> {
    return this.store.putIfAbsent(this.key(id), this.encode(value), ttlMs);
  }

  async get(id: string): Promise<T | null> {
    return this.decode(await this.store.get(this.key(id)));
  }

  /** Single-use redeem: exactly one concurrent caller gets the record. */
  async take(id: string): Promise<T | null> {
    return this.decode(await this.store.take(this.key(id)));
  }

  /**
   * Takes the record as `take` does and, when there was one, writes `marker` under `markerId` in
   * `markers` in the same atomic step (`FlowStore.takeAndMark`): whether a record was taken. The
   * record is not parsed (a caller redeeming what it read with `get` already has it); the marker
   * is checked against its schema like every record written. Both views share one FlowStore.
   */
  async takeAndMark<M>(
    id: string,
    markers: JsonFlowStore<M>,
    markerId: string,
    marker: M,
    markerTtlMs: number,
  ): Promise<boolean> {
    if (markers.store !== this.store) {
      throw new Error('takeAndMark needs the marker view on the same flow store as the record');
    }
    const taken = await this.store.takeAndMark(
      this.key(id),
      markers.key(markerId),
      markers.encode(marker),
      markerTtlMs,
    );
    return taken !== null;
  }

  /** Updates a live record without extending its life. */
  async replace(id: string, value: T): Promise<boolean> {
    return this.store.replace(this.key(id), this.encode(value));
  }

  delete(id: string): Promise<void> {
    return this.store.delete(this.key(id));
  }

  ttl(id: string): Promise<number | null> {
    return this.store.ttl(this.key(id));
  }

  private key(id: string): string {
    return this.namespace + id;
  }

  private encode(value: T): string {
    return JSON.stringify(this.schema.parse(value));
  }

  private decode(raw: string | null): T | null {
    if (raw === null) return null;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return null;
    }
    const result = this.schema.safeParse(json);
    return result.success ? result.data : null;
  }
}
