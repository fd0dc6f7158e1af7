/**
 * Short-lived state (docs/architecture.md "Short-lived flow state"): authorization codes, device
 * codes, sign-in sessions, CSRF tokens, rate-limit counters. Everything here may vanish; nothing
 * that must survive a restart belongs here. Every key written carries a TTL.
 */
export interface FlowStore {
  /** Writes `value`, replacing any previous value and TTL. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** Writes only when the key is absent; true when this call wrote it. */
  putIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | null>;
  /** Atomic get-and-delete: of N concurrent takers exactly one gets the value (single-use redeem). */
  take(key: string): Promise<string | null>;
  /**
   * `take`, and when this call got the value, `put(markerKey, marker, markerTtlMs)` in the same
   * atomic step (one round trip): a single-use redeem that leaves its replay marker.
   */
  takeAndMark(
    key: string,
    markerKey: string,
    marker: string,
    markerTtlMs: number,
  ): Promise<string | null>;
  /** Overwrites an existing key keeping its TTL; false when the key is absent or expired. */
  replace(key: string, value: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Fixed-window counter: the first increment creates the key with a `windowMs` TTL; later ones
   * keep it. Adds `by` (a positive integer, 1 unless given) and answers the new total.
   */
  increment(key: string, windowMs: number, by?: number): Promise<number>;
  /** Remaining milliseconds, or null when absent. */
  ttl(key: string): Promise<number | null>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The channel `name` under this store's key prefix: stores sharing keys share channels. */
  channel(name: string): FlowChannel;
}

/** Both adapters refuse what Redis would refuse, so a bug shows in unit tests too. */
export function assertTtl(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1) {
    throw new RangeError(
      `flow state TTL must be a positive whole number of milliseconds, got ${ttlMs}`,
    );
  }
}

export function assertIncrement(by: number): void {
  if (!Number.isSafeInteger(by) || by < 1) {
    throw new RangeError(`a flow state counter grows by a positive whole number, got ${by}`);
  }
}

export class FlowCounterError extends Error {
  override readonly name = 'FlowCounterError';

  constructor(key: string) {
    super(`flow state key ${key} does not hold a counter`);
  }
}

/**
 * Whoever listens on a channel of the flow state (Redis pub/sub): a message reaches every listener
 * connected when it is published and is kept for none, so a listener told `connected(false)`
 * must assume it missed some until told `connected(true)` again.
 */
export interface FlowChannel {
  publish(message: string): Promise<void>;
  /** Resolves once listening (after `connected(true)`); the function it gives stops listening. */
  subscribe(listener: FlowChannelListener): Promise<() => Promise<void>>;
}

export interface FlowChannelListener {
  message(message: string): void;
  connected(live: boolean): void;
}
