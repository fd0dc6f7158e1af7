/** One try of a delivery (table `delivery_attempts`), as the activity view shows it. */
export interface DeliveryAttemptRecord {
  attemptNo: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

/** One event for one webhook (table `deliveries`, written by the delivery worker). */
export interface DeliveryRecord {
  id: string;
  webhookId: string;
  eventId: string;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  replayOf: string | null;
  createdAt: Date;
  updatedAt: Date;
  attemptLog: DeliveryAttemptRecord[];
}
