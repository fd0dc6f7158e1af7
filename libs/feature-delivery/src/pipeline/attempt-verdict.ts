import { type DeliveryClassification, classifyResponse, nextRetryDelayMs } from '@gatehouse/domain';
import type { HttpDeliveryResult } from '../http/ports/http-delivery-sender';

/** How one attempt ended, whatever the target. */
export type AttemptResult =
  | { kind: 'http'; result: HttpDeliveryResult }
  | { kind: 'job_started' }
  | { kind: 'job_not_started'; message: string; permanent: boolean }
  /** The attempt could not even be made (a secret that does not open). */
  | { kind: 'not_sendable'; message: string };

type AttemptDecision =
  | { status: 'succeeded' }
  | { status: 'retrying'; delayMs: number }
  | { status: 'failed'; reason: 'retries_exhausted' | 'permanent_failure' };

export interface AttemptVerdict {
  statusCode: number | null;
  /** Null exactly on success; otherwise what the activity view shows. */
  error: string | null;
  responseExcerpt: string | null;
  decision: AttemptDecision;
  /** Set when the failure itself disables the webhook (410 Gone), with the reason shown to its owner. */
  disableWebhook: string | null;
}

export interface VerdictContext {
  /** 1 for the first try. */
  attemptNo: number;
  scheduleSeconds: readonly number[];
  now: number;
  random: number;
}

function classify(result: AttemptResult): DeliveryClassification {
  switch (result.kind) {
    case 'http':
      return result.result.kind === 'response'
        ? classifyResponse({ status: result.result.status })
        : classifyResponse({ error: result.result.error });
    case 'job_started':
      return { outcome: 'success' };
    case 'job_not_started':
      return result.permanent
        ? { outcome: 'permanent', disableWebhook: false, reason: result.message }
        : { outcome: 'retryable', overloaded: false };
    case 'not_sendable':
      return { outcome: 'permanent', disableWebhook: false, reason: result.message };
  }
}

function errorText(result: AttemptResult): string {
  switch (result.kind) {
    case 'http': {
      const http = result.result;
      if (http.kind === 'failed') return http.message;
      const redirect =
        http.status >= 300 && http.status < 400 ? ' (redirects are not followed)' : '';
      return `the receiver answered HTTP ${http.status}${redirect}`;
    }
    case 'job_started':
      return '';
    case 'job_not_started':
    case 'not_sendable':
      return result.message;
  }
}

/**
 * What an attempt's result means: only 2xx (or a started Job) succeeds;
 * a retryable failure waits `nextRetryDelayMs` (schedule, ±20 % jitter, `Retry-After`) unless it
 * was the last try; a permanent one (410, refused address, bad URL, unstartable Job) is final.
 */
export function judgeAttempt(result: AttemptResult, context: VerdictContext): AttemptVerdict {
  const http = result.kind === 'http' && result.result.kind === 'response' ? result.result : null;
  const classification = classify(result);
  const base = {
    statusCode: http?.status ?? null,
    responseExcerpt: http?.excerpt ?? null,
    error: classification.outcome === 'success' ? null : errorText(result),
  };
  switch (classification.outcome) {
    case 'success':
      return { ...base, decision: { status: 'succeeded' }, disableWebhook: null };
    case 'permanent':
      return {
        ...base,
        decision: { status: 'failed', reason: 'permanent_failure' },
        disableWebhook: classification.disableWebhook ? classification.reason : null,
      };
    case 'retryable': {
      const delayMs = nextRetryDelayMs(context.attemptNo, {
        scheduleSeconds: context.scheduleSeconds,
        random: context.random,
        retryAfter: http?.retryAfter ?? null,
        now: context.now,
        overloaded: classification.overloaded,
      });
      return {
        ...base,
        decision:
          delayMs === null
            ? { status: 'failed', reason: 'retries_exhausted' }
            : { status: 'retrying', delayMs },
        disableWebhook: null,
      };
    }
  }
}
