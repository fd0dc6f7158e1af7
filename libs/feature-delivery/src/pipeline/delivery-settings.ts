/** How the pipeline behaves; from configuration (DeliveryModuleOptions). */
export interface DeliverySettings {
  /** Base of repository URLs in payloads (GATEHOUSE_PUBLIC_URL). */
  publicUrl: string;
  userAgent: string;
  /** Delay before each retry (GATEHOUSE_DELIVERY_RETRY_SCHEDULE); after the last, dead letter. */
  retryScheduleSeconds: readonly number[];
  /** Per attempt (GATEHOUSE_DELIVERY_TIMEOUT_MS). */
  timeoutMs: number;
  /**
   * How long a claimed delivery belongs to the process that claimed it without a renewal. The
   * holder renews its leases every quarter of this (LeaseRenewer), so it bounds how long the
   * deliveries of a worker that died wait before another worker sends them.
   */
  leaseMs: number;
  /** A webhook failing this long without a success is disabled (5 days). */
  autoDisableAfterMs: number;
  /** A webhook failing this long without a success raises its `still_failing` notice. */
  failingNoticeAfterMs: number;
  /** Where dead-lettered deliveries are announced (Topics.deliveryDeadLetter). */
  deadLetterTopic: string;
}

export const DEFAULT_USER_AGENT = 'Gatehouse-Webhooks/1.0';
export const DEFAULT_LEASE_MS = 10_000;
/** Renewals per lease period: three can fail in a row before a lease runs out. */
export const LEASE_RENEWALS_PER_PERIOD = 4;
/** An attempt starts only with this much of its lease left (less means renewals are failing). */
export const LEASE_SAFETY_MS = 2_000;
/** Days of failures before a webhook's owner is told it still fails (GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS). */
export const DEFAULT_FAILING_NOTICE_DAYS = 3;
