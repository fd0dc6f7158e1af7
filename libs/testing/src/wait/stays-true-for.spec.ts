import { staysTrueFor } from './stays-true-for';

describe('staysTrueFor', () => {
  afterEach(() => jest.useRealTimers());

  it('resolves once the probe held for the whole time, probing every interval to the end', async () => {
    jest.useFakeTimers();
    const probedAt: number[] = [];
    const started = Date.now();
    const held = staysTrueFor(
      'nothing delivered',
      () => probedAt.push(Date.now() - started) > 0,
      20,
      {
        intervalMs: 5,
      },
    );
    await jest.advanceTimersByTimeAsync(20);
    await expect(held).resolves.toBeUndefined();
    expect(probedAt).toEqual([0, 5, 10, 15, 20]);
  });

  it('fails as soon as the probe answers false, naming what should have held', async () => {
    let calls = 0;
    await expect(
      staysTrueFor('no duplicate', async () => ++calls < 3, 60_000, { intervalMs: 1 }),
    ).rejects.toThrow('no duplicate: no longer true within 60000 ms');
    expect(calls).toBe(3);
  });
});
