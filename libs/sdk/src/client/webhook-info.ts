import { JsonReader } from '../internal/json.reader';

/**
 * The webhook object and the create and update options: a new webhook setting is added here, to
 * the types, `parseWebhookInfo` and `OPTIONAL_SETTINGS` (docs/architecture.md "How to add").
 */

/** What a webhook watches (docs/settings-api.md "Webhooks"); a bucket is named `<owner>/<name>`. */
export type WatchedItemType = 'model' | 'dataset' | 'space' | 'org' | 'user' | 'bucket';

export interface WebhookWatchedItem {
  type: WatchedItemType;
  name: string;
}

/** Both spellings of the discussion domain are accepted (docs/hf-clients.md "Webhook management API"). */
export type WebhookDomain = 'repo' | 'discussion' | 'discussions';

/** Job webhooks: the token each launch gets as `HF_TOKEN`, limited to the event's repository. */
export type WebhookJobToken = 'none' | 'read' | 'write';

/** The Job a Job webhook starts (camelCase as served); secrets are listed by name only. */
export interface WebhookJobSpec {
  dockerImage?: string;
  spaceId?: string;
  command?: string[];
  arguments?: string[];
  environment?: Record<string, string>;
  secrets?: string[] | Record<string, unknown>;
  /** Null when the Job has none. */
  flavor?: string | null;
  timeout?: number | null;
  tags?: string[];
  [key: string]: unknown;
}

/** A webhook as the management API returns it (docs/hf-clients.md "Webhook management API"). */
export interface WebhookInfo {
  id: string;
  /** Target URL; `null` for a Job webhook. */
  url: string | null;
  /** The Job started on each event; `null` for a URL webhook. */
  job: WebhookJobSpec | null;
  watched: WebhookWatchedItem[];
  domains: WebhookDomain[];
  secret: string | null;
  disabled: boolean;
  /** Job webhooks: the token each launch gets as `HF_TOKEN`; absent from servers without the setting. */
  jobToken?: WebhookJobToken;
}

export interface CreateWebhookOptions {
  /** Target URL; give exactly one of `url` and `jobId`. */
  url?: string;
  /** Id of the source Job to run on each event (sent as `jobSourceId`). */
  jobId?: string;
  watched: Array<WebhookWatchedItem | string>;
  domains?: WebhookDomain[];
  secret?: string;
  /** Job webhooks: secrets passed to the triggered Job (name to value). */
  secrets?: Record<string, string>;
  /** Job webhooks: a token for the event's repository, passed as `HF_TOKEN`; default `none`. */
  jobToken?: WebhookJobToken;
}

export interface UpdateWebhookOptions {
  url?: string;
  /** Replaces the watched items; omitted (sent as `[]`) leaves them unchanged. */
  watched?: Array<WebhookWatchedItem | string>;
  domains?: WebhookDomain[];
  secret?: string;
  /** Job webhooks: `jobId` and `secrets` go together. */
  jobId?: string;
  /** Listed secrets replace stored values, `''` removes one, others are kept. */
  secrets?: Record<string, string>;
  /** Job webhooks: `none` stops minting a token for each launch. */
  jobToken?: WebhookJobToken;
}

/** Reads a webhook object: `id`, `watched`, `domains` and `disabled` are required, as in the Python client. */
export function parseWebhookInfo(value: unknown, path = 'webhook'): WebhookInfo {
  const webhook = JsonReader.of(value, path);
  const job = webhook.optionalObject('job');
  const jobToken = webhook.optionalString('jobToken');
  return {
    id: webhook.string('id'),
    url: webhook.nullableString('url'),
    job: job ? (job.value as WebhookJobSpec) : null,
    watched: webhook
      .objects('watched')
      .map((item) => ({ type: item.string('type') as WatchedItemType, name: item.string('name') })),
    domains: webhook.strings('domains') as WebhookDomain[],
    secret: webhook.nullableString('secret'),
    disabled: webhook.boolean('disabled'),
    ...(jobToken !== undefined && { jobToken: jobToken as WebhookJobToken }),
  };
}

/** The settings a create or update body carries only when given (`watched` is always sent). */
const OPTIONAL_SETTINGS = ['domains', 'jobToken'] as const satisfies ReadonlyArray<
  keyof CreateWebhookOptions & keyof UpdateWebhookOptions
>;

export function optionalSettingsBody(
  options: Pick<UpdateWebhookOptions, (typeof OPTIONAL_SETTINGS)[number]>,
): Record<string, unknown> {
  return Object.fromEntries(
    OPTIONAL_SETTINGS.flatMap((key) => (options[key] === undefined ? [] : [[key, options[key]]])),
  );
}
