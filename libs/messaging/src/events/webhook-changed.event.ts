import { webhookSettingsEventShape } from '@gatehouse/domain';
import { z } from 'zod';
import { defineEvent } from './event-definition';

/**
 * The revision of the change a webhook.changed message carries, also as a header: the
 * subscription index drops versions older than the one it holds (`SubscriptionIndex.upsert`).
 */
export const WEBHOOK_REVISION_HEADER = 'gatehouse-webhook-revision';

/** Stands for a Job webhook's source Job once that Job was deleted; the webhook keeps its snapshot. */
export const DELETED_SOURCE_JOB = 'deleted';

/**
 * What the delivery worker needs to match and deliver for one webhook: the webhook's settings
 * (`watched`, `domains` ...: `webhookSettingsEventShape`, where an empty `domains` means every
 * domain) and its target. Secrets never travel in events: the worker reads (and decrypts) them
 * from the database when it delivers.
 */
const webhookSubscriptionSchema = z.object({
  ...webhookSettingsEventShape,
  disabled: z.boolean(),
  /** Receiver URL; null for a Job webhook. */
  url: z.url().nullable(),
  /** Whether deliveries carry a secret. */
  hasSecret: z.boolean(),
  /** Present for a Job webhook: the source Job and the names (only) of the secrets passed to it. */
  job: z.object({ jobId: z.string().min(1), secretNames: z.array(z.string()) }).optional(),
});

/**
 * webhook.changed v1, on Topics.webhookChanged (compacted), key: webhook id. Published by
 * webhook-management through the outbox after every create, update, enable, disable and delete,
 * so the latest message of each key is that webhook's current state: a consumer that reads the
 * topic from the beginning rebuilds the whole subscription index.
 */
export const webhookChangedEvent = defineEvent({
  type: 'webhook.changed',
  version: 1,
  schema: z.discriminatedUnion('change', [
    z.object({
      change: z.literal('upserted'),
      webhookId: z.string().min(1),
      ownerId: z.string().min(1),
      webhook: webhookSubscriptionSchema,
    }),
    z.object({
      change: z.literal('deleted'),
      webhookId: z.string().min(1),
      ownerId: z.string().min(1),
    }),
  ]),
});

export type WebhookChangedData = z.output<typeof webhookChangedEvent.schema>;
