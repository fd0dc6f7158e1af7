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
 * The current bucket is read once per webhook and hour; after that every count this process
 * makes answers with the bucket's total (INCR), which keeps the local figure current without
 * another read. So a check usually costs no round trip, and recording one does not wait.
 *
 * Counting is best effort by design: replicas racing at the limit may let a few more through
 * (each sees the others' triggers at its own next count), a crash between recording a delivery
 * and counting it counts one less, and losing Redis resets the counts (flow state may vanish;
 * docs/architecture.md). The activity view counts from the `deliveries` table instead.
 */
export class TriggerLimiter {
  private readonly closedBuckets = new Map<string, Map<number, number>>();
  private readonly currentBuckets = new Map<string, { bucketStart: number; count: number }>();

  constructor(
    private readonly store: FlowStore,
    private readonly policy: TriggerLimitPolicy = DEFAULT_TRIGGER_LIMIT_POLICY,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async check(webhookId: string, now: number): Promise<TriggerLimitDecision> {
    const current = triggerBucketStart(now, this.policy);
    const oldest = triggerWindowStart(now, this.policy);
    const cached = this.closedBucketsOf(webhookId, oldest);
    const missing: number[] = [];
    for (let bucket = oldest; bucket < current; bucket += this.policy.bucketMs)
      if (!cached.has(bucket)) missing.push(bucket);
    const known = this.currentBuckets.get(webhookId);
    const readCurrent = known?.bucketStart !== current;
    const reads = await Promise.all(
      [...(readCurrent ? [current] : []), ...missing].map((bucket) =>
        this.store.get(this.key(webhookId, bucket)),
      ),
    );
    if (readCurrent) {
      const stored = Number(reads.shift() ?? 0);
      const local = this.currentBuckets.get(webhookId);
      // A count recorded while reading may already be there; keep the larger figure.
      this.currentBuckets.set(webhookId, {
        bucketStart: current,
        count: local?.bucketStart === current ? Math.max(local.count, stored) : stored,
      });
    }
    missing.forEach((bucket, index) => cached.set(bucket, Number(reads[index] ?? 0)));
    const counts: TriggerCount[] = [...cached].map(([bucketStart, count]) => ({
      bucketStart,
      count,
    }));
    counts.push({ bucketStart: current, count: this.currentBuckets.get(webhookId)!.count });
    return checkTriggerLimit(counts, now, this.policy);
  }

  /**
   * Counts `triggers` (one unless given) now, in one increment sent without waiting for it
   * (failures go to onError): a batch's deliveries to one webhook cost one round trip.
   */
  record(webhookId: string, now: number, triggers = 1): void {
    const bucketStart = triggerBucketStart(now, this.policy);
    const local = this.currentBuckets.get(webhookId);
    const count = local?.bucketStart === bucketStart ? local.count + triggers : triggers;
    this.currentBuckets.set(webhookId, { bucketStart, count });
    // Kept until the bucket has left every window that counts it.
    this.store
      .increment(
        this.key(webhookId, bucketStart),
        this.policy.windowMs + this.policy.bucketMs,
        triggers,
      )
      .then((total) => {
        const latest = this.currentBuckets.get(webhookId);
        if (latest?.bucketStart === bucketStart && total > latest.count) latest.count = total;
      }, this.onError);
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
