import { restartDelayMs } from './restart-backoff';

describe('restartDelayMs', () => {
  const backoff = { initialMs: 1_000, maxMs: 15_000 };

  it.each([
    [1, 0, 500],
    [1, 0.5, 750],
    [1, 0.999, 1_000],
    [2, 0, 1_000],
    [3, 0.5, 3_000],
    [4, 0, 4_000],
    [5, 0.5, 11_250],
    [6, 0, 7_500],
    [6, 0.999, 14_993],
    [60, 0.5, 11_250],
  ])('restart %d with random %d waits %d ms', (attempt, random, expected) => {
    expect(restartDelayMs(attempt, random, backoff)).toBe(expected);
  });

  it('never waits longer than the cap, or less than half a step, whatever the random number', () => {
    for (const random of [-1, 0, 0.25, 0.75, 1, 2]) {
      const delay = restartDelayMs(40, random, backoff);
      expect(delay).toBeGreaterThanOrEqual(7_500);
      expect(delay).toBeLessThanOrEqual(15_000);
    }
  });

  it('refuses an attempt that is not a count from 1', () => {
    expect(() => restartDelayMs(0, 0.5, backoff)).toThrow(RangeError);
    expect(() => restartDelayMs(1.5, 0.5, backoff)).toThrow(RangeError);
  });
});
