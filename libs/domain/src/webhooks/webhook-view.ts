import { type WebhookSettings, webhookSettingsOf } from './webhook-settings';

/** The Job a Job webhook starts: snapshotted from the source Job at creation. */
export interface JobSpecRecord {
  dockerImage?: string | null;
  spaceId?: string | null;
  command: readonly string[];
  arguments?: readonly string[] | null;
  environment?: Readonly<Record<string, string>> | null;
  flavor?: string | null;
  timeoutSeconds?: number | null;
  tags?: readonly string[] | null;
  arch?: string | null;
  labels?: Readonly<Record<string, string>> | null;
}

export interface WebhookRecord extends WebhookSettings {
  id: string;
  url: string | null;
  job: JobSpecRecord | null;
  /** Names of the webhook's Job secrets; the values never reach a view. */
  jobSecretNames?: readonly string[];
  /** Decrypted webhook secret, or null; undefined when withheld from the caller (the view leaves it out). */
  secret?: string | null;
  disabled: boolean;
  disabledReason?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
}

/**
 * The `job` object in the shape `JobSpec(**data["job"])` of the Python client reads
 * (huggingface_hub `_jobs_api.py`; docs/hf-clients.md "Webhook management API"). `secrets` lists names only, never values.
 */
interface JobSpecView {
  dockerImage?: string;
  spaceId?: string;
  command: string[];
  arguments: string[];
  environment: Record<string, string>;
  secrets: string[];
  flavor: string | null;
  timeout: number | null;
  tags: string[];
  arch: string | null;
  labels: Record<string, string>;
}

/**
 * The webhook object every route answers (docs/hf-clients.md "Webhook management API"). `id`, `watched`,
 * `domains` and `disabled` are read with `data[key]` by the Python client, so they are always
 * present; `url`, `job` and `secret` are null when absent. `createdAt`, `updatedAt` and
 * `disabledReason` are extra keys the clients ignore.
 *
 * The secret is echoed in clear, as the Hub's own examples do (`secret="my-secret"` on get and
 * list) and as `hf webhooks info` displays: it is not a credential Gatehouse verifies but a value
 * it sends verbatim to the receiver, and the owner needs it to configure the receiver. Only the
 * owner can read the webhook (others get 404), and only with credentials that may change it: for
 * a read-only token the key is left out, which the Python client reads as `secret=None`
 * (`webhook_data.get("secret")`). Job secrets, which are credentials for the Job, are never echoed.
 */
export interface WebhookView extends WebhookSettings {
  id: string;
  url: string | null;
  job: JobSpecView | null;
  secret?: string | null;
  disabled: boolean;
  disabledReason: string | null;
  createdAt?: string;
  updatedAt?: string;
}

function toJobSpecView(job: JobSpecRecord, secretNames: readonly string[] = []): JobSpecView {
  const image = job.dockerImage
    ? { dockerImage: job.dockerImage }
    : job.spaceId
      ? { spaceId: job.spaceId }
      : {};
  return {
    ...image,
    command: [...job.command],
    arguments: [...(job.arguments ?? [])],
    environment: { ...(job.environment ?? {}) },
    secrets: [...secretNames].sort(),
    flavor: job.flavor ?? null,
    timeout: job.timeoutSeconds ?? null,
    tags: [...(job.tags ?? [])],
    arch: job.arch ?? null,
    labels: { ...(job.labels ?? {}) },
  };
}

export function toWebhookView(record: WebhookRecord): WebhookView {
  return {
    id: record.id,
    url: record.url,
    job: record.job ? toJobSpecView(record.job, record.jobSecretNames) : null,
    ...webhookSettingsOf(record),
    ...(record.secret === undefined ? {} : { secret: record.secret }),
    disabled: record.disabled,
    disabledReason: record.disabledReason ?? null,
    ...(record.createdAt ? { createdAt: record.createdAt.toISOString() } : {}),
    ...(record.updatedAt ? { updatedAt: record.updatedAt.toISOString() } : {}),
  };
}
