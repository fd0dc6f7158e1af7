import type { TriggerCount } from '@gatehouse/domain';
import type { DeliveryRecord } from './delivery-activity';

/** Where a delivery sits in the newest-first order: creation time, then id. */
export interface DeliveryPosition {
  createdAt: Date;
  id: string;
}

/** What a delivery's status means to its owner: delivered, failed (given up, refused or cancelled) or still pending. */
export type DeliveryOutcomeFilter = 'delivered' | 'failed' | 'pending';

/** The statuses each outcome covers (table `deliveries`, column `status`). */
export const OUTCOME_STATUSES: Record<DeliveryOutcomeFilter, readonly string[]> = {
  delivered: ['succeeded'],
  failed: ['failed', 'rate_limited', 'cancelled'],
  pending: ['pending', 'retrying'],
};

/**
 * Narrows the activity: by outcome, by event scope (`repo` also matches `repo.content`), by
 * repository name, and by creation time (`since` included, `until` excluded). Every field is optional.
 */
export interface DeliveryFilter {
  outcome?: DeliveryOutcomeFilter;
  scope?: string;
  repo?: string;
  since?: Date;
  until?: Date;
}

/** The delivery worker's records (tables `deliveries`, `delivery_attempts`), read for the activity view. */
export abstract class DeliveryActivityReader {
  /**
   * The webhook's most recent deliveries, newest first, each with its attempts in order; with
   * `before`, only those older than that position (the next page); with `filter`, only those it matches.
   */
  abstract recentDeliveries(
    webhookId: string,
    limit: number,
    before?: DeliveryPosition,
    filter?: DeliveryFilter,
  ): Promise<DeliveryRecord[]>;
  /** One delivery of this webhook (attempts included), or null. */
  abstract findDelivery(webhookId: string, deliveryId: string): Promise<DeliveryRecord | null>;
  /**
   * Ids of the webhook's failed deliveries (outcome `failed`) created at or after `since` that no
   * later delivery replays yet, oldest first, at most `limit`.
   */
  abstract failedUnreplayedSince(webhookId: string, since: Date, limit: number): Promise<string[]>;
  /**
   * Triggers per bucket since `since`: deliveries created (originals and replays) that were not
   * refused as rate-limited, grouped by `bucketMs`-long buckets of their creation time.
   */
  abstract triggerCounts(webhookId: string, since: Date, bucketMs: number): Promise<TriggerCount[]>;
}
