import type { DeliveryAttemptView, DeliveryView } from '@gatehouse/settings-api';
import type { DeliveryAttemptRecord, DeliveryRecord } from '../activity/ports/delivery-activity';

/**
 * Test data for the delivery as webhook-management reads it (the delivery worker's rows) and
 * answers it in the activity API. The defaults of the record and of the view describe the same
 * delivery: an original event to the webhook of `aWebhookRecord`, succeeded at its first attempt.
 * A test names what it is about; a new optional field of the delivery touches only the tests about
 * it.
 */
const CREATED_AT = new Date(Date.UTC(2026, 0, 1, 12));
const WEBHOOK_ID = '654bbbc16f2ec14d77f109cc';

/** The payload v3 a delivery carries, trimmed to what the activity view reads. */
const A_DELIVERY_PAYLOAD: Record<string, unknown> = {
  event: { action: 'update', scope: 'repo.content' },
  repo: { type: 'model', name: 'acme/bert' },
  webhook: { id: WEBHOOK_ID, version: 3 },
};

/** One try, answered 200 `ok` in 42 ms. */
export function aDeliveryAttemptRecord(
  overrides: Partial<DeliveryAttemptRecord> = {},
): DeliveryAttemptRecord {
  return {
    attemptNo: 1,
    startedAt: CREATED_AT,
    durationMs: 42,
    statusCode: 200,
    error: null,
    responseExcerpt: 'ok',
    ...overrides,
  };
}

/** A delivery row with its attempts; with `createdAt` only, its one attempt starts then too. */
export function aDeliveryRecord(overrides: Partial<DeliveryRecord> = {}): DeliveryRecord {
  const createdAt = overrides.createdAt ?? CREATED_AT;
  return {
    id: '65f000000000000000000001',
    webhookId: WEBHOOK_ID,
    eventId: 'evt-1',
    payload: A_DELIVERY_PAYLOAD,
    status: 'succeeded',
    attempts: 1,
    nextAttemptAt: null,
    lastStatusCode: 200,
    lastError: null,
    replayOf: null,
    createdAt,
    updatedAt: createdAt,
    attemptLog: [aDeliveryAttemptRecord({ startedAt: createdAt })],
    ...overrides,
  };
}

/** `aDeliveryAttemptRecord` as the activity API answers it. */
export function aDeliveryAttemptView(
  overrides: Partial<DeliveryAttemptView> = {},
): DeliveryAttemptView {
  return {
    attempt: 1,
    startedAt: CREATED_AT.toISOString(),
    durationMs: 42,
    statusCode: 200,
    error: null,
    response: 'ok',
    ...overrides,
  };
}

/** `aDeliveryRecord` as the activity API answers it. */
export function aDeliveryView(overrides: Partial<DeliveryView> = {}): DeliveryView {
  const createdAt = overrides.createdAt ?? CREATED_AT.toISOString();
  return {
    id: '65f000000000000000000001',
    eventId: 'evt-1',
    event: { action: 'update', scope: 'repo.content' },
    repo: 'acme/bert',
    createdAt,
    status: 'succeeded',
    statusCode: 200,
    error: null,
    attempts: 1,
    durationMs: 42,
    nextAttemptAt: null,
    replayOf: null,
    payload: A_DELIVERY_PAYLOAD,
    attemptLog: [aDeliveryAttemptView({ startedAt: createdAt })],
    ...overrides,
  };
}
