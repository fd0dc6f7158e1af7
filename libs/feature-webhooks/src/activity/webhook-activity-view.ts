import type { DeliveryAttemptView, DeliveryView } from '@gatehouse/settings-api';
import type { DeliveryAttemptRecord, DeliveryRecord } from './ports/delivery-activity';

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
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
