import type { TriggerCount } from '@gatehouse/domain';
import type { DeliveryRecord } from './delivery-activity';

/** Where a delivery sits in the newest-first order: creation time, then id. */
export interface DeliveryPosition {
  createdAt: Date;
  id: string;
}

/** The delivery worker's records (tables `deliveries`, `delivery_attempts`), read for the activity view. */
export abstract class DeliveryActivityReader {
  /**
   * The webhook's most recent deliveries, newest first, each with its attempts in order; with
   * `before`, only those older than that position (the next page).
   */
  abstract recentDeliveries(
    webhookId: string,
    limit: number,
    before?: DeliveryPosition,
  ): Promise<DeliveryRecord[]>;
  /** One delivery of this webhook (attempts included), or null. */
  abstract findDelivery(webhookId: string, deliveryId: string): Promise<DeliveryRecord | null>;
  /**
   * Triggers per bucket since `since`: deliveries created (originals and replays) that were not
   * refused as rate-limited, grouped by `bucketMs`-long buckets of their creation time.
   */
  abstract triggerCounts(webhookId: string, since: Date, bucketMs: number): Promise<TriggerCount[]>;
}
