/** What a webhook watches (docs/settings-api.md "Webhooks"); a bucket is named `<owner>/<name>`. */
export type WatchedItemType = 'model' | 'dataset' | 'space' | 'org' | 'user' | 'bucket';

export interface WebhookWatchedItem {
  type: WatchedItemType;
  name: string;
}

/** Both spellings of the discussion domain are accepted (docs/hf-clients.md "Webhook management API"). */
export type WebhookDomain = 'repo' | 'discussion' | 'discussions';

/** The Job a Job webhook starts (camelCase as served); secrets are listed by name only. */
export interface WebhookJobSpec {
  dockerImage?: string;
  spaceId?: string;
  command?: string[];
  arguments?: string[];
  environment?: Record<string, string>;
  secrets?: string[] | Record<string, unknown>;
  flavor?: string;
  timeout?: number;
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
}
