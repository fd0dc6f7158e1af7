import { WriteCoalescer } from './write-coalescer';

function deferred<T>(): {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteCoalescer', () => {
  it('writes what is submitted in one turn together, each submitter getting its own answer', async () => {
    const writes: string[][] = [];
    const coalescer = new WriteCoalescer(
      async (inputs: string[]) => (writes.push(inputs), inputs.map((input) => input.toUpperCase())),
      { maxBatch: 10, maxWrites: 1, keyOf: (input) => input },
    );
    await expect(
      Promise.all(['a', 'b', 'c'].map((input) => coalescer.submit(input))),
    ).resolves.toEqual(['A', 'B', 'C']);
    expect(writes).toEqual([['a', 'b', 'c']]);
  });

  it('holds what arrives during a write and writes it together next', async () => {
    const writes: string[][] = [];
    const gates = [deferred<void>(), deferred<void>()];
    const coalescer = new WriteCoalescer(
      async (inputs: string[]) => {
        writes.push(inputs);
        await gates[writes.length - 1]!.promise;
        return inputs;
      },
      { maxBatch: 10, maxWrites: 1, keyOf: (input) => input },
    );
    const first = coalescer.submit('a');
    await turn();
    const later = [coalescer.submit('b'), coalescer.submit('c')];
    await turn();
    expect(writes).toEqual([['a']]);
    gates[0]!.resolve();
    await first;
    await turn();
    expect(writes).toEqual([['a'], ['b', 'c']]);
    gates[1]!.resolve();
    await expect(Promise.all(later)).resolves.toEqual(['b', 'c']);
  });

  it('starts another write while one is under way when allowed two, and holds the rest', async () => {
    const writes: string[][] = [];
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const coalescer = new WriteCoalescer(
      async (inputs: string[]) => {
        writes.push(inputs);
        await gates[writes.length - 1]!.promise;
        return inputs;
      },
      { maxBatch: 10, maxWrites: 2, keyOf: (input) => input },
    );
    const all = [coalescer.submit('a')];
    await turn();
    all.push(coalescer.submit('b'));
    await turn();
    all.push(coalescer.submit('c'), coalescer.submit('d'));
    await turn();
    expect(writes).toEqual([['a'], ['b']]);
    gates[0]!.resolve();
    await all[0];
    await turn();
    expect(writes).toEqual([['a'], ['b'], ['c', 'd']]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    await expect(Promise.all(all)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('never puts two inputs with one key, or more than maxBatch, in one write', async () => {
    const writes: string[][] = [];
    const coalescer = new WriteCoalescer(
      async (inputs: string[]) => (writes.push(inputs), inputs),
      { maxBatch: 2, maxWrites: 1, keyOf: (input) => input.slice(0, 1) },
    );
    await Promise.all(['a1', 'a2', 'b1', 'c1'].map((input) => coalescer.submit(input)));
    expect(writes).toEqual([
      ['a1', 'b1'],
      ['a2', 'c1'],
    ]);
  });

  it('rejects the inputs of a failed write only, and goes on', async () => {
    let calls = 0;
    const coalescer = new WriteCoalescer(
      async (inputs: string[]) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return inputs;
      },
      { maxBatch: 10, maxWrites: 1, keyOf: (input) => input },
    );
    const failed = [coalescer.submit('a'), coalescer.submit('b')];
    await expect(Promise.all(failed)).rejects.toThrow('connection lost');
    await expect(failed[1]).rejects.toThrow('connection lost');
    await expect(coalescer.submit('c')).resolves.toBe('c');
  });
});
