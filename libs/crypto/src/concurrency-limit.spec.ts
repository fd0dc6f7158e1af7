import { ConcurrencyLimit } from './concurrency-limit';

/** A piece of work that runs until the test settles it. */
function controllable<T>() {
  let settle!: { resolve: (value: T) => void; reject: (error: Error) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimit', () => {
  it('runs at most `size` pieces of work at once', async () => {
    const limit = new ConcurrencyLimit(2);
    const works = [
      controllable<number>(),
      controllable<number>(),
      controllable<number>(),
      controllable<number>(),
    ];
    const started: number[] = [];
    const results = works.map((work, index) =>
      limit.run(() => (started.push(index), work.promise)),
    );
    await turn();
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.queued]).toEqual([2, 2]);

    works[1].resolve(1);
    await turn();
    expect(started).toEqual([0, 1, 2]);
    expect([limit.running, limit.queued]).toEqual([2, 1]);

    works[0].resolve(0);
    works[2].resolve(2);
    works[3].resolve(3);
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect([limit.running, limit.queued]).toEqual([0, 0]);
  });

  it('starts waiting work in the order it asked', async () => {
    const limit = new ConcurrencyLimit(1);
    const first = controllable<void>();
    const started: string[] = [];
    const running = limit.run(() => (started.push('first'), first.promise));
    const waiting = ['second', 'third', 'fourth'].map((name) =>
      limit.run(async () => void started.push(name)),
    );
    await turn();
    expect(started).toEqual(['first']);
    first.resolve();
    await Promise.all([running, ...waiting]);
    expect(started).toEqual(['first', 'second', 'third', 'fourth']);
  });

  it('gives the slot back when the work throws, and passes the error on', async () => {
    const limit = new ConcurrencyLimit(1);
    const failing = limit.run(() => Promise.reject(new Error('scrypt failed')));
    const next = limit.run(async () => 'ran');
    await expect(failing).rejects.toThrow('scrypt failed');
    expect(await next).toBe('ran');
    expect([limit.running, limit.queued]).toEqual([0, 0]);
  });

  it('gives the slot back when the work throws before returning a promise', async () => {
    const limit = new ConcurrencyLimit(1);
    await expect(
      limit.run(() => {
        throw new Error('bad input');
      }),
    ).rejects.toThrow('bad input');
    expect(await limit.run(async () => 'ran')).toBe('ran');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a size of %p', (size) => {
    expect(() => new ConcurrencyLimit(size)).toThrow(RangeError);
  });
});
