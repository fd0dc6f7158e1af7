import { z } from 'zod';
import {
  API_ERRORS,
  type ApiDescription,
  BEARER_OR_SESSION,
  jsonResponse,
} from '@gatehouse/platform';
import type {
  DeliveryAttemptView,
  DeliveryDetailView,
  DeliveryView,
  WebhookActivityView,
} from '@gatehouse/settings-api';
import type { CountFailedDeliveries } from './count-failed-deliveries.use-case';
import type { ReplayAccepted } from './replay-delivery.use-case';
import type { ReplayFailedDeliveries } from './replay-failed-deliveries.use-case';

const attemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  response: z.string().nullable(),
}) satisfies z.ZodType<DeliveryAttemptView>;

const deliveryShape = {
  id: z.string(),
  eventId: z.string(),
  event: z.object({ action: z.string().nullable(), scope: z.string().nullable() }),
  repo: z.string().nullable(),
  createdAt: z.string(),
  status: z.string().meta({
    description: 'pending, succeeded, retrying, failed, rate_limited or cancelled',
  }),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  durationMs: z.number().nullable(),
  nextAttemptAt: z.string().nullable(),
  replayOf: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  attemptLog: z.array(attemptSchema),
};

const deliverySchema = z
  .object(deliveryShape)
  .meta({ id: 'Delivery' }) satisfies z.ZodType<DeliveryView>;

const activitySchema = z
  .object({
    webhookId: z.string(),
    disabled: z.boolean(),
    disabledReason: z.string().nullable(),
    triggers: z.object({
      limit: z.number().int(),
      used: z.number().int(),
      remaining: z.number().int(),
      windowHours: z.number(),
      retryAt: z.string().nullable(),
    }),
    deliveries: z.array(deliverySchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'WebhookActivity' }) satisfies z.ZodType<WebhookActivityView>;

const detailSchema = z
  .object({
    ...deliveryShape,
    request: z
      .object({
        method: z.literal('POST'),
        url: z.string(),
        headers: z.record(z.string(), z.string()),
        body: z.string().meta({
          description:
            'The body exactly as the worker sends and signs it: `webhook-signature` is over these bytes.',
        }),
      })
      .nullable(),
  })
  .meta({ id: 'DeliveryDetail' }) satisfies z.ZodType<DeliveryDetailView>;

const replaySchema = z.object({
  id: z.string(),
  replayOf: z.string(),
  webhookId: z.string(),
  status: z.literal('queued'),
}) satisfies z.ZodType<ReplayAccepted>;

const failedSinceSchema = z
  .object({ webhookId: z.string(), since: z.string(), failed: z.number() })
  .meta({ id: 'FailedDeliveriesSince' }) satisfies z.ZodType<
  Awaited<ReturnType<CountFailedDeliveries['execute']>>
>;

const bulkReplaySchema = z
  .object({ webhookId: z.string(), since: z.string(), queued: z.number() })
  .meta({ id: 'BulkReplayAccepted' }) satisfies z.ZodType<
  Awaited<ReturnType<ReplayFailedDeliveries['execute']>>
>;

const isoInstant = (description: string) =>
  z
    .string()
    .optional()
    .meta({ description: `${description} (ISO 8601 with an offset).` });

const since = z.object({
  since: z.string().meta({ description: 'ISO 8601 date and time with an offset.' }),
});

const webhookId = z.object({ id: z.string() });
const delivery = z.object({ id: z.string(), deliveryId: z.string() });
const common = { tags: ['webhook activity'], security: BEARER_OR_SESSION };

/** A webhook's recent deliveries, one delivery's detail, and replay (webhook-activity.controller.ts). */
export const WEBHOOK_ACTIVITY_API: ApiDescription = {
  '/api/settings/webhooks/{id}/activity': {
    get: {
      ...common,
      summary: "A page of the webhook's deliveries, newest first, and its trigger usage",
      requestParams: {
        path: webhookId,
        query: z.object({
          limit: z.string().optional().meta({ description: 'Page size (1-100).' }),
          cursor: z.string().optional().meta({ description: 'nextCursor of the previous page.' }),
          outcome: z.enum(['delivered', 'failed', 'pending']).optional(),
          scope: z
            .string()
            .optional()
            .meta({ description: 'An event scope: repo, repo.content …' }),
          repo: z.string().optional().meta({ description: 'A repository name, e.g. acme/bert.' }),
          since: isoInstant('Deliveries created at or after'),
          until: isoInstant('Deliveries created before'),
        }),
      },
      responses: { '200': jsonResponse('The page.', activitySchema), ...API_ERRORS },
    },
  },
  '/api/settings/webhooks/{id}/activity/replay-failed': {
    get: {
      ...common,
      summary: 'How many failed deliveries since `since` a bulk replay would send again',
      requestParams: { path: webhookId, query: since },
      responses: { '200': jsonResponse('The count.', failedSinceSchema), ...API_ERRORS },
    },
    post: {
      ...common,
      summary: 'Replay every failed delivery since `since`, oldest first',
      requestParams: { path: webhookId, query: since },
      responses: { '202': jsonResponse('Queued.', bulkReplaySchema), ...API_ERRORS },
    },
  },
  '/api/settings/webhooks/{id}/activity/{deliveryId}': {
    get: {
      ...common,
      summary: 'One delivery with the request it makes (secrets masked)',
      requestParams: { path: delivery },
      responses: { '200': jsonResponse('The delivery.', detailSchema), ...API_ERRORS },
    },
  },
  '/api/settings/webhooks/{id}/activity/{deliveryId}/replay': {
    post: {
      ...common,
      summary: 'Send the delivery again as a new delivery',
      requestParams: { path: delivery },
      responses: { '202': jsonResponse('Queued.', replaySchema), ...API_ERRORS },
    },
  },
};
