import {
  DEFAULT_TRIGGER_LIMIT_POLICY,
  type TriggerCount,
  type TriggerLimitDecision,
  type TriggerLimitPolicy,
  checkTriggerLimit,
  triggerBucketStart,
  triggerWindowStart,
} from '@gatehouse/domain';
import type { FlowStore } from '@gatehouse/flow-state';

/**
 * The per-webhook trigger limit (1,000 per 24 h by default; hub-docs "Rate limiting"), counted
 * in flow state (Redis; memory in the all-in-one) as one counter per webhook and hour bucket, so
 * every worker replica counts into the same numbers. Buckets that have closed no longer change
 * and are cached here; a check then reads only the current bucket.
 *
 * Counting is best effort by design: replicas racing at the limit may let a few more through,
 * a crash between recording a delivery and counting it counts one less, and losing Redis resets
 * the counts (flow state may vanish; docs/architecture.md). The activity view counts from the
 * `deliveries` table instead.
 */
export class TriggerLimiter {
  private readonly closedBuckets = new Map<string, Map<number, number>>();

  constructor(
    private readonly store: FlowStore,
    private readonly policy: TriggerLimitPolicy = DEFAULT_TRIGGER_LIMIT_POLICY,
  ) {}

  async check(webhookId: string, now: number): Promise<TriggerLimitDecision> {
    const current = triggerBucketStart(now, this.policy);
    const oldest = triggerWindowStart(now, this.policy);
    const cached = this.closedBucketsOf(webhookId, oldest);
    const missing: number[] = [];
    for (let bucket = oldest; bucket < current; bucket += this.policy.bucketMs) if (!cached.has(bucket)) missing.push(bucket);
    const [currentCount, ...missingCounts] = await Promise.all([current, ...missing].map((bucket) => this.store.get(this.key(webhookId, bucket))));
    missing.forEach((bucket, index) => cached.set(bucket, Number(missingCounts[index] ?? 0)));
    const counts: TriggerCount[] = [...cached].map(([bucketStart, count]) => ({ bucketStart, count }));
    counts.push({ bucketStart: current, count: Number(currentCount ?? 0) });
    return checkTriggerLimit(counts, now, this.policy);
  }

  /** Counts one trigger now. */
  async record(webhookId: string, now: number): Promise<void> {
    const bucket = triggerBucketStart(now, this.policy);
    // Kept until the bucket has left every window that counts it.
    await this.store.increment(this.key(webhookId, bucket), this.policy.windowMs + this.policy.bucketMs);
  }

  private closedBucketsOf(webhookId: string, oldest: number): Map<number, number> {
    let buckets = this.closedBuckets.get(webhookId);
    if (!buckets) this.closedBuckets.set(webhookId, (buckets = new Map()));
    for (const bucket of buckets.keys()) if (bucket < oldest) buckets.delete(bucket);
    return buckets;
  }

  private key(webhookId: string, bucketStart: number): string {
    return `webhook-triggers:${webhookId}:${bucketStart}`;
  }
}
