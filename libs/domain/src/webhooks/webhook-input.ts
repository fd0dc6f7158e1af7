import { z } from 'zod';
import { ApiError, isObjectId } from '../common';
import { badRequestFromIssues } from './body-error';
import { jobSecretsSchema } from './job-secrets';
import { type CheckedWebhookUrl, validateWebhookUrlSyntax } from './webhook-url';
import {
  settingsToCreate,
  settingsToUpdate,
  type WebhookSettings,
  webhookSettingsBodyShape,
  type WebhookSettingsOptions,
} from './webhook-settings';

/**
 * Create and update bodies exactly as the Python client sends them
 * (docs/hf-clients.md "Webhook management API"). That client sends unset options as JSON `null` (`{"domains": null, "secret": null}`),
 * so `null` always means "not given". Unknown keys are ignored.
 */
const MAX_WEBHOOK_SECRET_LENGTH = 256;

/** The aliases of the source Job id: the client's `jobSourceId`, its Python argument's name `job_id`, and `jobId`. */
const JOB_ID_KEYS = ['jobSourceId', 'job_id', 'jobId'] as const;

type WebhookTarget = { kind: 'url'; url: CheckedWebhookUrl } | { kind: 'job'; jobSourceId: string };

export interface CreateWebhookInput extends WebhookSettings {
  target: WebhookTarget;
  secret: string | null;
  /** Job webhooks only; empty for URL webhooks. */
  secrets: Record<string, string>;
}

/** Absent keys leave the stored value unchanged. */
export interface UpdateWebhookInput extends Partial<WebhookSettings> {
  url?: CheckedWebhookUrl;
  /** `null` removes the secret (the body sent `""`). */
  secret?: string | null;
  jobSourceId?: string;
  /** To merge with `mergeJobSecrets`: `""` values remove. */
  secrets?: Record<string, string>;
}

export interface WebhookInputOptions extends WebhookSettingsOptions {
  allowLoopback?: boolean;
}

/**
 * The Hub sends the secret verbatim in the `X-Webhook-Secret` header and supports only ASCII
 * (hub-docs `webhooks.md`): printable ASCII, and no space at either end since HTTP stacks trim
 * header values (RFC 9110 §5.5), which would make the receiver see another secret.
 */
const secretSchema = z
  .string({ error: 'must be a string' })
  .max(MAX_WEBHOOK_SECRET_LENGTH, {
    error: `must be at most ${MAX_WEBHOOK_SECRET_LENGTH} characters`,
  })
  .regex(/^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/, {
    error: 'must be printable ASCII with no space at either end (it is sent verbatim in a header)',
  });

/** A rotation's overlap: default one day, at most a week, 0 for an instant switch. */
export const DEFAULT_SECRET_OVERLAP_SECONDS = 24 * 60 * 60;
const MAX_SECRET_OVERLAP_SECONDS = 7 * 24 * 60 * 60;

export interface RotateWebhookSecretInput {
  /** The new secret; absent: Gatehouse makes one. */
  secret?: string;
  overlapSeconds: number;
}

export const rotateWebhookSecretBodySchema = z.object({
  secret: secretSchema.min(1, { error: 'must not be empty' }).nullish(),
  overlapSeconds: z
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be 0 (switch at once) or more' })
    .max(MAX_SECRET_OVERLAP_SECONDS, {
      error: `must be at most ${MAX_SECRET_OVERLAP_SECONDS} seconds (7 days)`,
    })
    .nullish(),
});

/** `POST /api/settings/webhooks/{id}/rotate-secret`: `{secret?, overlapSeconds?}`. */
export function parseRotateWebhookSecretBody(body: unknown): RotateWebhookSecretInput {
  const given = body ?? {};
  if (typeof given !== 'object' || Array.isArray(given))
    throw ApiError.badRequest('the body must be a JSON object');
  const result = rotateWebhookSecretBodySchema.safeParse(given);
  if (!result.success) throw badRequestFromIssues(result.error.issues);
  return {
    ...(result.data.secret ? { secret: result.data.secret } : {}),
    overlapSeconds: result.data.overlapSeconds ?? DEFAULT_SECRET_OVERLAP_SECONDS,
  };
}

const jobIdSchema = z
  .string({ error: 'must be a string' })
  .refine(isObjectId, { error: 'must be a Job id (24 hexadecimal characters)' });

function bodySchema(allowEmptySecretValues: boolean) {
  return z.object({
    ...webhookSettingsBodyShape,
    secret: secretSchema.nullish(),
    secrets: jobSecretsSchema({ allowEmptyValues: allowEmptySecretValues }).nullish(),
    url: z.unknown().optional(),
    jobSourceId: jobIdSchema.nullish(),
    job_id: jobIdSchema.nullish(),
    jobId: jobIdSchema.nullish(),
  });
}

/** The create body as the API describes it (docs/openapi.md); the rules across fields are below. */
export const createWebhookBodySchema = bodySchema(false);
/** The update body: a Job secret may be given an empty value, which removes it. */
export const updateWebhookBodySchema = bodySchema(true);

type ParsedBody = z.infer<ReturnType<typeof bodySchema>>;

function parseBody(body: unknown, schema: ReturnType<typeof bodySchema>): ParsedBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw ApiError.badRequest('the body must be a JSON object');
  const result = schema.safeParse(body);
  if (!result.success) throw badRequestFromIssues(result.error.issues);
  return result.data;
}

/** The one Job id given under any alias, with the key it came under; two different ids are refused. */
function sourceJobId(body: ParsedBody): { key: string; id: string } | null {
  const given = JOB_ID_KEYS.flatMap((key) => (body[key] ? [{ key, id: body[key] }] : []));
  if (given.some((entry) => entry.id !== given[0]!.id)) {
    throw ApiError.badRequest(
      `${given[1]!.key}: disagrees with ${given[0]!.key}; send the Job id once`,
      given[1]!.key,
    );
  }
  return given[0] ?? null;
}

/** A URL webhook starts no Job, so it has no Job token to ask for (`none` is accepted). */
function refuseJobTokenOnUrlWebhook(body: ParsedBody): void {
  if (body.jobToken && body.jobToken !== 'none')
    throw ApiError.badRequest('jobToken: only Job webhooks get a Job token', 'jobToken');
}

export function parseCreateWebhookBody(
  body: unknown,
  options: WebhookInputOptions = {},
): CreateWebhookInput {
  const parsed = parseBody(body, createWebhookBodySchema);
  const { watched } = parsed;
  if (!watched) throw ApiError.badRequest('watched: is required', 'watched');
  if (watched.length === 0)
    throw ApiError.badRequest('watched: must list at least one item', 'watched');

  const job = sourceJobId(parsed);
  const hasUrl = parsed.url !== undefined && parsed.url !== null;
  if (hasUrl && job)
    throw ApiError.badRequest(`url: give either url or ${job.key}, not both`, 'url');
  if (!hasUrl && !job)
    throw ApiError.badRequest('url: give a url, or a jobSourceId for a Job webhook', 'url');
  if (hasUrl && parsed.secrets && Object.keys(parsed.secrets).length > 0) {
    throw ApiError.badRequest('secrets: only Job webhooks take secrets', 'secrets');
  }
  if (hasUrl) refuseJobTokenOnUrlWebhook(parsed);

  const target: WebhookTarget = job
    ? { kind: 'job', jobSourceId: job.id }
    : {
        kind: 'url',
        url: validateWebhookUrlSyntax(parsed.url, { allowLoopback: options.allowLoopback }),
      };
  return {
    target,
    ...settingsToCreate({ ...parsed, watched }, options),
    secret: parsed.secret ? parsed.secret : null,
    secrets: target.kind === 'job' ? (parsed.secrets ?? {}) : {},
  };
}

/**
 * `current.kind` is the webhook being updated; settings as `settingsToUpdate` reads them.
 * libs/feature-webhooks/README.md "Update body": a Job id on update must come with `secrets`.
 */
export function parseUpdateWebhookBody(
  body: unknown,
  current: { kind: 'url' | 'job' },
  options: WebhookInputOptions = {},
): UpdateWebhookInput {
  const parsed = parseBody(body, updateWebhookBodySchema);
  const update: UpdateWebhookInput = settingsToUpdate(parsed, options);
  if (parsed.secret !== undefined && parsed.secret !== null)
    update.secret = parsed.secret === '' ? null : parsed.secret;

  const job = sourceJobId(parsed);
  const hasUrl = parsed.url !== undefined && parsed.url !== null;
  if (current.kind === 'job') {
    if (hasUrl)
      throw ApiError.badRequest(
        'url: a Job webhook has no url; create a URL webhook instead',
        'url',
      );
    if (job && !parsed.secrets)
      throw ApiError.badRequest(`${job.key}: must be sent together with secrets`, job.key);
    if (job) update.jobSourceId = job.id;
    if (parsed.secrets) update.secrets = parsed.secrets;
  } else {
    if (job)
      throw ApiError.badRequest(
        `${job.key}: a URL webhook has no Job; create a Job webhook instead`,
        job.key,
      );
    if (parsed.secrets && Object.keys(parsed.secrets).length > 0) {
      throw ApiError.badRequest('secrets: only Job webhooks take secrets', 'secrets');
    }
    refuseJobTokenOnUrlWebhook(parsed);
    if (hasUrl)
      update.url = validateWebhookUrlSyntax(parsed.url, { allowLoopback: options.allowLoopback });
  }
  return update;
}
