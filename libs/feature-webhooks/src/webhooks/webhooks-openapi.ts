import { z } from 'zod';
import {
  createWebhookBodySchema,
  rotateWebhookSecretBodySchema,
  updateWebhookBodySchema,
  webhookSettingsEventShape,
  type WebhookView,
} from '@gatehouse/domain';
import {
  API_ERRORS,
  type ApiDescription,
  BEARER_OR_SESSION,
  emptyResponse,
  jsonResponse,
} from '@gatehouse/platform';
import type {
  SourceJobsPage,
  TestEventAccepted,
  WebhookHealthView,
  WebhookNoticesPage,
} from '@gatehouse/settings-api';
import type { RotatedWebhookSecret } from './rotate-webhook-secret.use-case';

const jobSpecSchema = z.object({
  dockerImage: z.string().optional(),
  spaceId: z.string().optional(),
  command: z.array(z.string()),
  arguments: z.array(z.string()),
  environment: z.record(z.string(), z.string()),
  secrets: z.array(z.string()).meta({ description: 'Names of the Job secrets; never values.' }),
  flavor: z.string().nullable(),
  timeout: z.number().nullable(),
  tags: z.array(z.string()),
  arch: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
});

/** The webhook object (libs/domain webhook-view.ts; docs/hf-clients.md "Webhook management API"). */
const webhookViewSchema = z
  .object({
    id: z.string(),
    url: z.string().nullable(),
    job: jobSpecSchema.nullable(),
    // Every setting as the domain defines it (webhook-settings.ts), so a new one needs no edit here.
    ...webhookSettingsEventShape,
    secret: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Left out for credentials that may not change the webhook.' }),
    disabled: z.boolean(),
    disabledReason: z.string().nullable(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'Webhook' }) satisfies z.ZodType<WebhookView>;

const wrapped = z.object({ webhook: webhookViewSchema }).meta({ id: 'WrappedWebhook' });
const id = z.object({ id: z.string().meta({ description: 'The webhook id.' }) });

const change = (summary: string, body?: z.ZodType) => ({
  summary,
  tags: ['webhooks'],
  security: BEARER_OR_SESSION,
  requestParams: { path: id },
  ...(body && { requestBody: { content: { 'application/json': { schema: body } } } }),
  responses: { '200': jsonResponse('The webhook.', wrapped), ...API_ERRORS },
});

const rotatedSchema = z
  .object({
    webhook: webhookViewSchema,
    secret: z.string().meta({ description: 'The new secret, in this answer only.' }),
    previousSecretUntil: z
      .string()
      .nullable()
      .meta({ description: 'End of the overlap (ISO 8601); null when the switch was immediate.' }),
  })
  .meta({ id: 'RotatedWebhookSecret' }) satisfies z.ZodType<RotatedWebhookSecret>;

const sourceJobsSchema = z
  .object({
    jobs: z.array(
      z.object({
        id: z.string(),
        dockerImage: z.string().nullable(),
        spaceId: z.string().nullable(),
        command: z.array(z.string()),
      }),
    ),
    jobsEnabled: z.boolean().meta({
      description:
        'Whether this server starts Jobs (GATEHOUSE_JOB_LAUNCHER is not `disabled`); when false a Job webhook gets no Job run.',
    }),
  })
  .meta({ id: 'SourceJobs' }) satisfies z.ZodType<SourceJobsPage>;

const webhookHealthSchema = z
  .object({
    webhookId: z.string(),
    target: z.string().meta({ description: 'The URL, or `Job <id>` for a Job webhook.' }),
    state: z.enum(['healthy', 'failing', 'failing_long', 'disabled']).meta({
      description:
        '`failing` since the first failed attempt after a success, `failing_long` after GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS of failures, `disabled` once the worker disabled it.',
    }),
    failingSince: z.string().nullable().meta({ description: 'ISO 8601; null when healthy.' }),
    lastError: z
      .string()
      .nullable()
      .meta({ description: 'The last error in plain words, or why it was disabled.' }),
    disabled: z.boolean(),
  })
  .meta({ id: 'WebhookHealth' }) satisfies z.ZodType<WebhookHealthView>;

const webhookNoticesSchema = z
  .object({ notices: z.array(webhookHealthSchema) })
  .meta({ id: 'WebhookNotices' }) satisfies z.ZodType<WebhookNoticesPage>;

/** The webhook management API (webhooks.controller.ts), as the Python client calls it. */
export const WEBHOOKS_API: ApiDescription = {
  '/api/settings/webhooks': {
    get: {
      summary: "List the caller's webhooks",
      tags: ['webhooks'],
      security: BEARER_OR_SESSION,
      responses: {
        '200': jsonResponse(
          'Every webhook of the caller, a bare array.',
          z.array(webhookViewSchema),
        ),
        ...API_ERRORS,
      },
    },
    post: {
      summary: 'Create a webhook (a URL webhook, or a Job webhook from jobSourceId)',
      tags: ['webhooks'],
      security: BEARER_OR_SESSION,
      requestBody: { content: { 'application/json': { schema: createWebhookBodySchema } } },
      responses: { '201': jsonResponse('The new webhook.', wrapped), ...API_ERRORS },
    },
  },
  '/api/settings/webhooks/{id}': {
    get: {
      ...change('Read a webhook'),
      responses: { '200': jsonResponse('The webhook.', wrapped), ...API_ERRORS },
    },
    post: change(
      'Update a webhook; `watched: []` leaves the watched items unchanged',
      updateWebhookBodySchema,
    ),
    delete: {
      summary: 'Delete a webhook',
      tags: ['webhooks'],
      security: BEARER_OR_SESSION,
      requestParams: { path: id },
      responses: { '204': emptyResponse('Deleted.'), ...API_ERRORS },
    },
  },
  '/api/settings/webhooks/source-jobs': {
    get: {
      summary: "The caller's Jobs a Job webhook may start, newest first (never their secrets)",
      tags: ['webhooks'],
      security: BEARER_OR_SESSION,
      responses: { '200': jsonResponse('The Jobs.', sourceJobsSchema), ...API_ERRORS },
    },
  },
  '/api/settings/webhooks/notices': {
    get: {
      summary: "The caller's webhooks that fail or were disabled, longest failing first",
      tags: ['webhooks'],
      security: BEARER_OR_SESSION,
      responses: { '200': jsonResponse('The notices.', webhookNoticesSchema), ...API_ERRORS },
    },
  },
  '/api/settings/webhooks/{id}/test': {
    post: {
      summary:
        'Send a test event: a `ping` payload through the delivery pipeline, signed like any delivery (3 a minute per webhook)',
      tags: ['webhooks'],
      security: BEARER_OR_SESSION,
      requestParams: { path: id },
      responses: {
        '202': jsonResponse(
          'The delivery the worker records for it; its outcome is in the activity.',
          z
            .object({ id: z.string(), webhookId: z.string(), status: z.literal('queued') })
            .meta({ id: 'TestEventAccepted' }) satisfies z.ZodType<TestEventAccepted>,
        ),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/webhooks/{id}/health': {
    get: {
      summary: "How the webhook's endpoint is doing: failing since when, the last error",
      tags: ['webhooks'],
      security: BEARER_OR_SESSION,
      requestParams: { path: id },
      responses: {
        '200': jsonResponse(
          'The health.',
          z.object({ health: webhookHealthSchema }).meta({ id: 'WrappedWebhookHealth' }),
        ),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/webhooks/{id}/rotate-secret': {
    post: {
      ...change(
        'A new secret; for `overlapSeconds` deliveries still carry the previous one too',
        rotateWebhookSecretBodySchema,
      ),
      responses: {
        '200': jsonResponse('The webhook and its new secret.', rotatedSchema),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/webhooks/{id}/enable': { post: change('Enable a webhook') },
  '/api/settings/webhooks/{id}/disable': { post: change('Disable a webhook') },
};
