import type { DeliveryAttemptRecord, DeliveryRecord } from './ports/delivery-activity';

interface DeliveryAttemptView {
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** The start of the receiver's answer, as the worker kept it. */
  response: string | null;
}

/** One row of the activity view (docs/hf-clients.md "Delivery": recent events with HTTP status and payload). */
export interface DeliveryView {
  id: string;
  eventId: string;
  /** `payload.event`: `{action, scope}`. */
  event: { action: string | null; scope: string | null };
  /** `payload.repo.name`, when the payload has one. */
  repo: string | null;
  createdAt: string;
  /** pending, succeeded, retrying, failed, rate_limited or cancelled. */
  status: string;
  /** HTTP status of the last attempt, or null (no answer, or no attempt yet). */
  statusCode: number | null;
  /** Why the last attempt failed without an HTTP status (timeout, refused address...), or null. */
  error: string | null;
  attempts: number;
  /** Duration of the last attempt. */
  durationMs: number | null;
  nextAttemptAt: string | null;
  /** The delivery this one replays, or null for an original event. */
  replayOf: string | null;
  payload: Record<string, unknown>;
  attemptLog: DeliveryAttemptView[];
}

interface TriggerUsageView {
  limit: number;
  used: number;
  remaining: number;
  windowHours: number;
  /** When the limit is reached: the earliest time another trigger is allowed. */
  retryAt: string | null;
}

export interface WebhookActivityView {
  webhookId: string;
  disabled: boolean;
  /** Why the webhook was disabled automatically (e.g. after failing for days), or null. */
  disabledReason: string | null;
  triggers: TriggerUsageView;
  deliveries: DeliveryView[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function attemptView(attempt: DeliveryAttemptRecord): DeliveryAttemptView {
  return {
    attempt: attempt.attemptNo,
    startedAt: attempt.startedAt.toISOString(),
    durationMs: attempt.durationMs,
    statusCode: attempt.statusCode,
    error: attempt.error,
    response: attempt.responseExcerpt,
  };
}

export function toDeliveryView(delivery: DeliveryRecord): DeliveryView {
  const event = record(delivery.payload.event);
  const repo = record(delivery.payload.repo);
  const last = delivery.attemptLog.at(-1);
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    event: { action: text(event?.action), scope: text(event?.scope) },
    repo: text(repo?.name),
    createdAt: delivery.createdAt.toISOString(),
    status: delivery.status,
    statusCode: delivery.lastStatusCode,
    error: delivery.lastError,
    attempts: delivery.attempts,
    durationMs: last ? last.durationMs : null,
    nextAttemptAt: delivery.nextAttemptAt ? delivery.nextAttemptAt.toISOString() : null,
    replayOf: delivery.replayOf,
    payload: delivery.payload,
    attemptLog: delivery.attemptLog.map(attemptView),
  };
}
