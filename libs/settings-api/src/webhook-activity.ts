export interface DeliveryAttemptView {
  attempt: number;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** The start of the receiver's answer, as the worker kept it. */
  response: string | null;
}

/** One row of a webhook's activity (docs/hf-clients.md "Delivery": recent events with HTTP status and payload). */
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

/** `GET /api/settings/webhooks/{id}/activity`: a page of deliveries, newest first. */
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

/** The HTTP request of a URL webhook's delivery, as the receiver got it (secrets masked). */
export interface DeliveryRequestView {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  /** The body exactly as the worker sends and signs it (`webhook-signature` is over these bytes). */
  body: string;
}

/** `GET /api/settings/webhooks/{id}/activity/{deliveryId}`: one delivery with the request it makes. */
export interface DeliveryDetailView extends DeliveryView {
  /** Null for a Job webhook: its payload went to the Job's environment. */
  request: DeliveryRequestView | null;
}

/** `POST /api/settings/webhooks/{id}/test`: the delivery the worker records for the test event. */
export interface TestEventAccepted {
  /** The delivery's id: `GET …/{id}/activity/{deliveryId}` follows its outcome. */
  id: string;
  webhookId: string;
  status: 'queued';
}
