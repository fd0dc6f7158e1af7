import { waitUntil } from '@gatehouse/testing';
import { DeliveryDispatcher } from './delivery-dispatcher';

interface Gate {
  task: string;
  open(): void;
}

/** A run function whose calls finish only when the test opens them. */
function gatedRunner() {
  const started: string[] = [];
  const gates: Gate[] = [];
  const run = (task: string) =>
    new Promise<void>((resolve) => {
      started.push(task);
      gates.push({ task, open: resolve });
    });
  const finish = async (task: string) => {
    gates.find((gate) => gate.task === task)!.open();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { run, started, finish };
}

describe('DeliveryDispatcher', () => {
  it('runs one lane in order, one at a time, and other lanes beside it', async () => {
    const { run, started, finish } = gatedRunner();
    const dispatcher = new DeliveryDispatcher(run, { concurrency: 10, highWaterMark: 100 });
    dispatcher.enqueue({ lane: 'w1:r1', task: 'a1' });
    dispatcher.enqueue({ lane: 'w1:r1', task: 'a2' });
    dispatcher.enqueue({ lane: 'w1:r2', task: 'b1' });
    expect(started).toEqual(['a1', 'b1']);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1', 'a2']);
  });

  it('starts a lane next attempt once the previous one frees the lane, still counting it in flight', async () => {
    const frees = new Map<string, () => void>();
    const finishes = new Map<string, () => void>();
    const started: string[] = [];
    const dispatcher = new DeliveryDispatcher(
      (task: string, laneFree: () => void) =>
        new Promise<void>((resolve) => {
          started.push(task);
          frees.set(task, laneFree);
          finishes.set(task, resolve);
        }),
      { concurrency: 2, highWaterMark: 100 },
    );
    for (const task of ['a1', 'a2', 'a3']) dispatcher.enqueue({ lane: 'w1:r1', task });
    expect(started).toEqual(['a1']);
    frees.get('a1')!();
    expect(started).toEqual(['a1', 'a2']);
    expect(dispatcher.inFlight).toBe(2);
    frees.get('a2')!();
    // The lane is free, but two attempts are in flight already.
    expect(started).toEqual(['a1', 'a2']);
    finishes.get('a1')!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1', 'a2', 'a3']);
    expect(dispatcher.held()).toEqual(['a2', 'a3']);
  });

  it('gives a place to the next attempt once one hands its outcome in, and still holds that one until it finishes', async () => {
    const placeFrees = new Map<string, () => void>();
    const finishes = new Map<string, () => void>();
    const started: string[] = [];
    const dispatcher = new DeliveryDispatcher(
      (task: string, laneFree: () => void, placeFree: () => void) =>
        new Promise<void>((resolve) => {
          started.push(task);
          laneFree();
          placeFrees.set(task, placeFree);
          finishes.set(task, resolve);
        }),
      { concurrency: 1, highWaterMark: 100 },
    );
    for (const lane of ['l1', 'l2', 'l3']) dispatcher.enqueue({ lane, task: lane });
    expect(started).toEqual(['l1']);
    placeFrees.get('l1')!();
    placeFrees.get('l1')!();
    // Given back twice, the place still counts once.
    expect(started).toEqual(['l1', 'l2']);
    expect(dispatcher.inFlight).toBe(2);
    expect(dispatcher.held()).toEqual(['l1', 'l2', 'l3']);
    expect(dispatcher.reserve(1)).toBe(0);
    finishes.get('l1')!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['l1', 'l2']);
    expect(dispatcher.held()).toEqual(['l2', 'l3']);
    finishes.get('l2')!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['l1', 'l2', 'l3']);
  });

  it('keeps at most `concurrency` attempts in flight', async () => {
    const { run, started, finish } = gatedRunner();
    const dispatcher = new DeliveryDispatcher(run, { concurrency: 2, highWaterMark: 100 });
    for (const lane of ['l1', 'l2', 'l3']) dispatcher.enqueue({ lane, task: lane });
    expect(started).toEqual(['l1', 'l2']);
    expect(dispatcher.inFlight).toBe(2);
    await finish('l2');
    expect(started).toEqual(['l1', 'l2', 'l3']);
  });

  it('holds producers back above the high-water mark until the queue drains', async () => {
    const { run, finish } = gatedRunner();
    const dispatcher = new DeliveryDispatcher(run, { concurrency: 1, highWaterMark: 2 });
    for (const task of ['t1', 't2', 't3']) dispatcher.enqueue({ lane: 'same', task });
    expect(dispatcher.depth).toBe(2);
    let roomy = false;
    void dispatcher.waitForRoom().then(() => (roomy = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(roomy).toBe(false);
    await finish('t1');
    expect(roomy).toBe(true);
  });

  it('reports a failing run and carries on with the lane', async () => {
    const errors: string[] = [];
    const ran: string[] = [];
    const dispatcher = new DeliveryDispatcher(
      async (task: string) => {
        ran.push(task);
        if (task === 'bad') throw new Error('boom');
      },
      { concurrency: 1, highWaterMark: 10 },
      (error, task) => errors.push(`${task}: ${(error as Error).message}`),
    );
    dispatcher.enqueue({ lane: 'l', task: 'bad' });
    dispatcher.enqueue({ lane: 'l', task: 'good' });
    await waitUntil('both tasks to run', () => ran.length === 2, { intervalMs: 1 });
    expect(ran).toEqual(['bad', 'good']);
    expect(errors).toEqual(['bad: boom']);
  });

  it('keeps the places it promised for the attempts they were promised to, and promises none while attempts queue', async () => {
    const { run, started, finish } = gatedRunner();
    const dispatcher = new DeliveryDispatcher(run, { concurrency: 3, highWaterMark: 10 });
    dispatcher.enqueue({ lane: 'a', task: 'a1' });
    expect(dispatcher.reserve(5)).toBe(2);
    // Enqueued meanwhile by someone else: it waits, the two places are promised.
    dispatcher.enqueue({ lane: 'b', task: 'b1' });
    expect(started).toEqual(['a1']);
    expect(dispatcher.reserve(1)).toBe(0);
    dispatcher.enqueue({ lane: 'c', task: 'c1' }, { reserved: true });
    expect(started).toEqual(['a1', 'c1']);
    // The second place is given back unused: the queued attempt takes it.
    dispatcher.release(1);
    expect(started).toEqual(['a1', 'c1', 'b1']);
    await finish('a1');
    expect(dispatcher.reserve(2)).toBe(1);
  });

  it('stops: waits for attempts in flight and returns those never started', async () => {
    const { run, started, finish } = gatedRunner();
    const dispatcher = new DeliveryDispatcher(run, { concurrency: 1, highWaterMark: 10 });
    for (const task of ['x1', 'x2', 'x3']) dispatcher.enqueue({ lane: 'x', task });
    dispatcher.enqueue({ lane: 'y', task: 'y1' });
    const stopping = dispatcher.stop(5_000);
    await finish('x1');
    await expect(stopping).resolves.toEqual(['x2', 'x3', 'y1']);
    expect(started).toEqual(['x1']);
    expect(() => dispatcher.enqueue({ lane: 'x', task: 'late' })).toThrow(
      'the dispatcher is stopped',
    );
  });
});
