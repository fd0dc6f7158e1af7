/**
 * When to try a failed delivery again, and when to give up (libs/feature-delivery/README.md). The
 * schedule is configuration (`GATEHOUSE_DELIVERY_RETRY_SCHEDULE`, whose default is Svix's: 8
 * attempts over about 27.6 hours); the jitter is Svix's.
 */
const DEFAULT_RETRY_JITTER = 0.2;
/** A receiver that is overloaded (429, 502-504, timeout) waits at least this long (Svix). */
export const OVERLOADED_MIN_DELAY_MS = 60_000;
export const DEFAULT_AUTO_DISABLE_WINDOW_MS = 5 * 24 * 60 * 60 * 1000;

export interface RetryDelayOptions {
  /** Seconds before each retry; after the last, the delivery is given up. */
  scheduleSeconds: readonly number[];
  /** ±fraction of the scheduled delay. */
  jitter?: number;
  /** A random number in [0, 1), passed in so tests are exact. */
  random: number;
  /** The failed attempt's `Retry-After` header, if any. */
  retryAfter?: string | null;
  /** Epoch milliseconds, to read an HTTP-date `Retry-After`. */
  now: number;
  /** From `classifyResponse`: the receiver asked to slow down. */
  overloaded?: boolean;
}

/**
 * Delay before the next attempt, after attempt `attemptNumber` (1 = the first try) failed, or
 * null when it was the last. A `Retry-After` replaces the jitter and is clamped to
 * [scheduled, 2 × scheduled]: a receiver may slow us down but not make us retry sooner than
 * planned (it cannot turn retries into a flood), and a far-future value cannot park the delivery
 * beyond the schedule's reach (Svix does the same).
 */
export function nextRetryDelayMs(attemptNumber: number, options: RetryDelayOptions): number | null {
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1)
    throw new RangeError('attemptNumber counts attempts from 1');
  const scheduledSeconds = options.scheduleSeconds[attemptNumber - 1];
  if (scheduledSeconds === undefined) return null;
  const base = scheduledSeconds * 1000;

  const retryAfter = options.retryAfter ? parseRetryAfter(options.retryAfter, options.now) : null;
  let delay: number;
  if (retryAfter !== null) {
    delay = Math.min(Math.max(retryAfter, base), 2 * base);
  } else {
    const jitter = options.jitter ?? DEFAULT_RETRY_JITTER;
    const random = Math.min(Math.max(options.random, 0), 1);
    delay = Math.round(base * (1 + jitter * (2 * random - 1)));
  }
  return options.overloaded ? Math.max(delay, OVERLOADED_MIN_DELAY_MS) : delay;
}

/**
 * `Retry-After` (RFC 9110 §10.2.3) in milliseconds from `now`: `delay-seconds` or an HTTP-date.
 * A date in the past is 0; anything else unreadable is null.
 */
export function parseRetryAfter(value: string, now: number): number | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** How an attempt ended without an HTTP response. */
export type DeliveryErrorKind =
  | 'timeout'
  | 'connection_failed'
  | 'dns_failed'
  | 'tls_failed'
  | 'connection_reset'
  /** The target resolved to a private or special-use address (checked at connect time). */
  | 'address_refused'
  | 'invalid_url';

export type DeliveryClassification =
  | { outcome: 'success' }
  | { outcome: 'retryable'; overloaded: boolean }
  | { outcome: 'permanent'; disableWebhook: boolean; reason: string };

const OVERLOADED_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Only 2xx succeeds (docs/hf-clients.md "Delivery"; Standard Webhooks). Every other status is retried,
 * redirects included since they are not followed, except 410 Gone: the receiver says the
 * endpoint is gone for good, so retries stop and the webhook is disabled with that reason,
 * as Standard Webhooks recommends; its owner can enable it again.
 * Of transport errors, only `address_refused` and `invalid_url` are final: retrying a target
 * that resolves to a private address only probes it again.
 */
export function classifyResponse(
  result: { status: number } | { error: DeliveryErrorKind },
): DeliveryClassification {
  if ('error' in result) {
    switch (result.error) {
      case 'address_refused':
        return {
          outcome: 'permanent',
          disableWebhook: false,
          reason: 'the target resolves to a private or special-use address',
        };
      case 'invalid_url':
        return { outcome: 'permanent', disableWebhook: false, reason: 'the target URL is invalid' };
      case 'timeout':
        return { outcome: 'retryable', overloaded: true };
      case 'connection_failed':
      case 'dns_failed':
      case 'tls_failed':
      case 'connection_reset':
        return { outcome: 'retryable', overloaded: false };
    }
  }
  const { status } = result;
  if (status >= 200 && status <= 299) return { outcome: 'success' };
  if (status === 410)
    return { outcome: 'permanent', disableWebhook: true, reason: 'the receiver answered 410 Gone' };
  return { outcome: 'retryable', overloaded: OVERLOADED_STATUSES.has(status) };
}

/**
 * A webhook whose deliveries have failed without a success since `firstFailureAt` for the whole
 * window (5 days, as Svix) is disabled. Call it when a delivery fails for good; a success
 * resets `firstFailureAt` to null.
 */
export function shouldAutoDisable(
  firstFailureAt: number | null,
  now: number,
  windowMs = DEFAULT_AUTO_DISABLE_WINDOW_MS,
): boolean {
  return firstFailureAt !== null && now - firstFailureAt >= windowMs;
}
