interface Waiting<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export interface WriteCoalescerOptions<I> {
  /** Most inputs one write carries. */
  maxBatch: number;
  /** Writes under way at once; what arrives meanwhile waits and goes together in the next. */
  maxWrites: number;
  /** Inputs with the same key never share a write (a later one waits for the next). */
  keyOf(input: I): string;
}

/**
 * Group commit for one kind of write: inputs submitted in the same turn of the event loop, or
 * while `maxWrites` writes are under way, go together in the next write, so attempts starting or
 * finishing at once cost one statement, and a lone attempt waits for no timer. Each input's
 * promise settles with its own answer, or with its write's error.
 */
export class WriteCoalescer<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private writes = 0;
  private scheduled = false;

  constructor(
    private readonly write: (inputs: I[]) => Promise<O[]>,
    private readonly options: WriteCoalescerOptions<I>,
  ) {}

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.writes >= this.options.maxWrites) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.waiting.length > 0 && this.writes < this.options.maxWrites) void this.writeNext();
    });
  }

  private async writeNext(): Promise<void> {
    this.writes += 1;
    const batch = this.take();
    try {
      const outputs = await this.write(batch.map((waiting) => waiting.input));
      batch.forEach((waiting, index) => waiting.resolve(outputs[index]!));
    } catch (error) {
      batch.forEach((waiting) => waiting.reject(error));
    } finally {
      this.writes -= 1;
      if (this.waiting.length > 0) this.schedule();
    }
  }

  private take(): Array<Waiting<I, O>> {
    const keys = new Set<string>();
    const batch: Array<Waiting<I, O>> = [];
    const later: Array<Waiting<I, O>> = [];
    for (const waiting of this.waiting) {
      const key = this.options.keyOf(waiting.input);
      if (batch.length < this.options.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else later.push(waiting);
    }
    this.waiting = later;
    return batch;
  }
}
