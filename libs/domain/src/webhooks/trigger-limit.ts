/**
 * The per-webhook trigger limit: 1,000 triggers per 24 hours by default (hub-docs
 * `webhooks.md`, "Rate limiting"); beyond it an event is recorded as rate-limited, not delivered.
 *
 * Counts are kept per hour bucket (one counter per webhook and bucket, e.g. a row or a Redis key
 * named by `triggerBucketStart`), and the window is the last 24 buckets, the current one
 * included. Unlike one counter per calendar day this cannot let 2,000 triggers through around
 * midnight; the window is between 23 and 24 hours long, which errs on the permissive side by at
 * most one bucket.
 */
export interface TriggerLimitPolicy {
  limit: number;
  windowMs: number;
  bucketMs: number;
}

const HOUR_MS = 60 * 60 * 1000;

export const DEFAULT_TRIGGER_LIMIT_POLICY: TriggerLimitPolicy = {
  limit: 1000,
  windowMs: 24 * HOUR_MS,
  bucketMs: HOUR_MS,
};

export interface TriggerCount {
  bucketStart: number;
  count: number;
}

export interface TriggerLimitDecision {
  /** May one more trigger happen now? */
  allowed: boolean;
  used: number;
  remaining: number;
  limit: number;
  /** When refused: the earliest time at which a trigger will be allowed again. */
  retryAt: number | null;
}

function assertPolicy({ limit, windowMs, bucketMs }: TriggerLimitPolicy): void {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError('the trigger limit is a positive integer');
  if (!(bucketMs > 0) || !(windowMs >= bucketMs) || windowMs % bucketMs !== 0) {
    throw new RangeError('the trigger window is a positive whole number of buckets');
  }
}

/** The bucket a trigger at `now` counts in: the counter to increment. */
export function triggerBucketStart(
  now: number,
  policy: TriggerLimitPolicy = DEFAULT_TRIGGER_LIMIT_POLICY,
): number {
  return Math.floor(now / policy.bucketMs) * policy.bucketMs;
}

/** The oldest bucket still counted at `now`; counters of older buckets may be deleted. */
export function triggerWindowStart(
  now: number,
  policy: TriggerLimitPolicy = DEFAULT_TRIGGER_LIMIT_POLICY,
): number {
  return triggerBucketStart(now, policy) - policy.windowMs + policy.bucketMs;
}

export function checkTriggerLimit(
  counts: readonly TriggerCount[],
  now: number,
  policy: TriggerLimitPolicy = DEFAULT_TRIGGER_LIMIT_POLICY,
): TriggerLimitDecision {
  assertPolicy(policy);
  const current = triggerBucketStart(now, policy);
  const oldest = triggerWindowStart(now, policy);
  const counted = counts
    .filter(
      ({ bucketStart, count }) => bucketStart >= oldest && bucketStart <= current && count > 0,
    )
    .sort((a, b) => a.bucketStart - b.bucketStart);
  const used = counted.reduce((sum, { count }) => sum + count, 0);
  const allowed = used < policy.limit;

  let retryAt: number | null = null;
  if (!allowed) {
    // A bucket leaves the window `windowMs` after it started; find the first departure that
    // brings the count under the limit.
    let remainingUsed = used;
    for (const { bucketStart, count } of counted) {
      remainingUsed -= count;
      if (remainingUsed < policy.limit) {
        retryAt = bucketStart + policy.windowMs;
        break;
      }
    }
  }
  return {
    allowed,
    used,
    remaining: Math.max(0, policy.limit - used),
    limit: policy.limit,
    retryAt,
  };
}
