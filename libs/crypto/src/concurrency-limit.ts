/**
 * At most `size` pieces of work in flight; the rest wait and start in the order they asked.
 * A slot is given back when the work settles, whether it resolved or threw. The one limiter of
 * the repository: password hashes queue on it here, and the delivery worker's requests in flight
 * (`tuning.concurrency`) use it too. It lives in this lib because this lib imports nothing of the
 * repository, so every other lib may import it.
 */
export class ConcurrencyLimit {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`a concurrency limit must be a positive integer, got ${size}`);
    this.free = size;
  }

  /** Work running now. */
  get running(): number {
    return this.size - this.free;
  }

  /** Work waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
