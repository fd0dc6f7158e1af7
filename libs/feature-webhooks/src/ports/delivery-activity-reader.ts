import type { TriggerCount } from '@gatehouse/domain';
import type { DeliveryRecord } from '../model/delivery-activity';

/** The delivery worker's records (tables `deliveries`, `delivery_attempts`), read for the activity view. */
export abstract class DeliveryActivityReader {
  /** The webhook's most recent deliveries, newest first, each with its attempts in order. */
  abstract recentDeliveries(webhookId: string, limit: number): Promise<DeliveryRecord[]>;
  /** One delivery of this webhook (attempts included), or null. */
  abstract findDelivery(webhookId: string, deliveryId: string): Promise<DeliveryRecord | null>;
  /**
   * Triggers per bucket since `since`: deliveries created (originals and replays) that were not
   * refused as rate-limited, grouped by `bucketMs`-long buckets of their creation time.
   */
  abstract triggerCounts(webhookId: string, since: Date, bucketMs: number): Promise<TriggerCount[]>;
}
