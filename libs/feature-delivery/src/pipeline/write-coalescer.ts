interface Waiting<I, O> {
  input: I;
  resolve(output: O): void;
  reject(error: unknown): void;
}

export interface WriteCoalescerOptions<I> {
  /** Most inputs one write carries. */
  maxBatch: number;
  /** Inputs with the same key never share a write (a later one waits for the next). */
  keyOf(input: I): string;
}

/**
 * Group commit for one kind of write: inputs submitted while a write is under way (or in the same
 * turn of the event loop) go together in the next one, so attempts starting or finishing at once
 * cost one statement, and a lone attempt waits for no timer. One write is in flight at a time;
 * each input's promise settles with its own answer, or with the write's error.
 */
export class WriteCoalescer<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private writing = false;

  constructor(
    private readonly write: (inputs: I[]) => Promise<O[]>,
    private readonly options: WriteCoalescerOptions<I>,
  ) {}

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.take();
      try {
        const outputs = await this.write(batch.map((waiting) => waiting.input));
        batch.forEach((waiting, index) => waiting.resolve(outputs[index]!));
      } catch (error) {
        batch.forEach((waiting) => waiting.reject(error));
      }
    }
    this.writing = false;
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
