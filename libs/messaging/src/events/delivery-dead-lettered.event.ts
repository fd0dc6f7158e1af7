import { defineEvent } from './event-definition';
import { z } from 'zod';

/**
 * delivery.dead_lettered v1, on `Topics.deliveryDeadLetter`, keyed by webhook id: a delivery
 * that used its last try (or failed for good) and was marked `failed`. Written through the
 * outbox in the transaction that marks it, so it is published exactly when the row says so.
 * Operators redrive from it; the payload itself stays in the `deliveries` row.
 */
export const deliveryDeadLetteredEvent = defineEvent({
  type: 'delivery.dead_lettered',
  version: 1,
  schema: z.object({
    deliveryId: z.string().min(1),
    webhookId: z.string().min(1),
    eventId: z.string().min(1),
    attempts: z.number().int().positive(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    /** Why no further try is made: the schedule ran out, or the failure cannot be retried. */
    reason: z.enum(['retries_exhausted', 'permanent_failure']),
    failedAt: z.iso.datetime({ offset: true }),
  }),
});
