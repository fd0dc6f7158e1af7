import {
  checkTriggerLimit,
  DEFAULT_TRIGGER_LIMIT_POLICY,
  triggerBucketStart,
  triggerWindowStart,
} from './trigger-limit';

const HOUR = 60 * 60 * 1000;
const DAY_START = Date.UTC(2026, 0, 10);
const NOW = DAY_START + 15 * HOUR + 20 * 60 * 1000; // 15:20 on 10 January

describe('triggerBucketStart and triggerWindowStart', () => {
  it('counts in hour buckets over the last 24 of them', () => {
    expect(triggerBucketStart(NOW)).toBe(DAY_START + 15 * HOUR);
    expect(triggerWindowStart(NOW)).toBe(DAY_START + 15 * HOUR - 23 * HOUR);
  });
});

describe('checkTriggerLimit', () => {
  it('allows the first trigger', () => {
    expect(checkTriggerLimit([], NOW)).toEqual({
      allowed: true,
      used: 0,
      remaining: 1000,
      limit: 1000,
      retryAt: null,
    });
  });

  it('allows the 1,000th trigger and refuses the 1,001st', () => {
    const bucket = triggerBucketStart(NOW);
    expect(checkTriggerLimit([{ bucketStart: bucket, count: 999 }], NOW)).toMatchObject({
      allowed: true,
      used: 999,
      remaining: 1,
    });
    expect(checkTriggerLimit([{ bucketStart: bucket, count: 1000 }], NOW)).toEqual({
      allowed: false,
      used: 1000,
      remaining: 0,
      limit: 1000,
      retryAt: bucket + 24 * HOUR,
    });
  });

  it('sums the last 24 buckets and ignores older and future ones', () => {
    const current = triggerBucketStart(NOW);
    const counts = [
      { bucketStart: current - 24 * HOUR, count: 500 }, // left the window an hour ago
      { bucketStart: current - 23 * HOUR, count: 300 },
      { bucketStart: current - 5 * HOUR, count: 200 },
      { bucketStart: current, count: 100 },
      { bucketStart: current + HOUR, count: 999 }, // clock skew of a writer: not counted
    ];
    expect(checkTriggerLimit(counts, NOW)).toMatchObject({
      allowed: true,
      used: 600,
      remaining: 400,
    });
  });

  it('cannot let a burst through around midnight, unlike a per-day counter', () => {
    const lateEvening = DAY_START - 30 * 60 * 1000; // 23:30 the day before
    const counts = [{ bucketStart: triggerBucketStart(lateEvening), count: 1000 }];
    expect(checkTriggerLimit(counts, DAY_START + 30 * 60 * 1000).allowed).toBe(false);
  });

  it('names the time when enough old triggers have left the window', () => {
    const current = triggerBucketStart(NOW);
    const counts = [
      { bucketStart: current - 20 * HOUR, count: 100 },
      { bucketStart: current - 10 * HOUR, count: 600 },
      { bucketStart: current, count: 400 },
    ];
    // 1,100 used: dropping the first bucket leaves 1,000 (still full), dropping the second leaves 400.
    expect(checkTriggerLimit(counts, NOW)).toMatchObject({
      allowed: false,
      used: 1100,
      retryAt: current - 10 * HOUR + 24 * HOUR,
    });
  });

  it('allows again once the refusing buckets have left', () => {
    const current = triggerBucketStart(NOW);
    const counts = [{ bucketStart: current - 23 * HOUR, count: 1000 }];
    const { retryAt } = checkTriggerLimit(counts, NOW);
    expect(retryAt).toBe(current + HOUR);
    expect(checkTriggerLimit(counts, retryAt! - 1).allowed).toBe(false);
    expect(checkTriggerLimit(counts, retryAt!).allowed).toBe(true);
  });

  it('takes a configured limit and window', () => {
    const policy = { limit: 5, windowMs: 10 * 60 * 1000, bucketMs: 60 * 1000 };
    const bucket = triggerBucketStart(NOW, policy);
    expect(
      checkTriggerLimit([{ bucketStart: bucket - 9 * 60 * 1000, count: 4 }], NOW, policy),
    ).toMatchObject({ allowed: true, remaining: 1 });
    expect(
      checkTriggerLimit([{ bucketStart: bucket - 10 * 60 * 1000, count: 4 }], NOW, policy),
    ).toMatchObject({ allowed: true, used: 0 });
    expect(checkTriggerLimit([{ bucketStart: bucket, count: 5 }], NOW, policy)).toMatchObject({
      allowed: false,
      retryAt: bucket + 10 * 60 * 1000,
    });
  });

  it.each([
    ['a zero limit', { ...DEFAULT_TRIGGER_LIMIT_POLICY, limit: 0 }],
    [
      'a window that is not whole buckets',
      { ...DEFAULT_TRIGGER_LIMIT_POLICY, windowMs: 90 * 60 * 1000 },
    ],
    ['a zero bucket', { ...DEFAULT_TRIGGER_LIMIT_POLICY, bucketMs: 0 }],
  ])('refuses %s', (_label, policy) => {
    expect(() => checkTriggerLimit([], NOW, policy)).toThrow(RangeError);
  });
});
