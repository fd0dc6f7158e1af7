/**
 * The requests (and Job launches) in flight at once in this process (`tuning.concurrency`).
 * Attempts hold a slot only while sending, not while their rows are written, so the database's
 * round trips never leave a slot idle; waiting attempts get slots in the order they asked.
 */
export class SendSlots {
  private free: number;
  private readonly queue: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('send slots must be a positive integer');
    this.free = size;
  }

  get inUse(): number {
    return this.size - this.free;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
