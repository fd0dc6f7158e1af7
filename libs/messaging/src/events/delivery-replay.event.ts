import { z } from 'zod';
import { defineEvent } from './event-definition';

const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/);

/**
 * delivery.replay_requested v1. The worker records a new delivery with id `replayId` and
 * `replay_of = deliveryId`, carrying the original delivery's payload, and sends it to the
 * webhook's CURRENT url (or Job) and secret (docs/hf-clients.md "Delivery"). `replayId` is the id
 * the management API already answered with (202), so the worker must use it as the new
 * delivery's id and treat a second message with the same `replayId` as a duplicate.
 */
export const deliveryReplayRequestedEvent = defineEvent({
  type: 'delivery.replay_requested',
  version: 1,
  schema: z.object({
    replayId: objectIdSchema,
    webhookId: objectIdSchema,
    /** The delivery whose payload is sent again (itself possibly a replay). */
    deliveryId: objectIdSchema,
    /** The webhook's owner, who asked. */
    requestedBy: objectIdSchema,
    requestedAt: z.iso.datetime({ offset: true }),
  }),
});
