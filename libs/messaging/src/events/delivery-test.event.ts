import { z } from 'zod';
import { defineEvent } from './event-definition';

const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/);

/**
 * delivery.test_requested v1, on Topics.deliveryReplay (key: webhook id), from webhook-management
 * to the delivery worker: "Send a test event" (docs/settings-api.md). The worker records a new
 * delivery with id `testId` (the id the management API answered with) carrying the `ping` payload
 * it builds for the webhook, and sends it like any delivery; a second message with the same
 * `testId` is a duplicate.
 */
export const deliveryTestRequestedEvent = defineEvent({
  type: 'delivery.test_requested',
  version: 1,
  schema: z.object({
    testId: objectIdSchema,
    webhookId: objectIdSchema,
    /** The webhook's owner, who asked. */
    requestedBy: objectIdSchema,
    requestedAt: z.iso.datetime({ offset: true }),
  }),
});
