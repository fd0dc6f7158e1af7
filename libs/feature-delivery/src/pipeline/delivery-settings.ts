import { DEFAULT_AUTO_DISABLE_WINDOW_MS } from '@gatehouse/domain';

/** How the pipeline behaves; from configuration (DeliveryModuleOptions). */
export interface DeliverySettings {
  /** Base of repository URLs in payloads (GATEHOUSE_PUBLIC_URL). */
  publicUrl: string;
  userAgent: string;
  /** Delay before each retry (GATEHOUSE_DELIVERY_RETRY_SCHEDULE); after the last, dead letter. */
  retryScheduleSeconds: readonly number[];
  /** Per attempt (GATEHOUSE_DELIVERY_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long a claimed delivery belongs to the process that claimed it; must exceed timeoutMs. */
  leaseMs: number;
  /** A webhook failing this long without a success is disabled (5 days). */
  autoDisableAfterMs: number;
  /** Where dead-lettered deliveries are announced (Topics.deliveryDeadLetter). */
  deadLetterTopic: string;
}

export const DEFAULT_USER_AGENT = 'Gatehouse-Webhooks/1.0';
export const DEFAULT_LEASE_MS = 120_000;
export { DEFAULT_AUTO_DISABLE_WINDOW_MS };

/** An attempt starts only with this much of its lease left beyond the timeout. */
export const LEASE_SAFETY_MS = 5_000;
