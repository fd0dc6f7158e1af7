import { z } from 'zod';
import { ApiError } from '../common';
import {
  WATCHED_ITEM_TYPES,
  type WatchedItem,
  watchedItemSchema,
  watchedKey,
} from './watched-item';
import { JOB_TOKEN_ACCESS, type JobTokenAccess, jobTokenAccessSchema } from './job-token';
import { WEBHOOK_DOMAINS, type WebhookDomain, webhookDomainsSchema } from './webhook-domain';

/**
 * The settings of a webhook that travel as they are: from the create and update bodies to the
 * stored row, the webhook object every route answers, the webhook.changed event and the delivery
 * worker's snapshot. Each one is defined here once, and everything else spreads these tables, so a
 * new setting is added here (docs/architecture.md "How to add", a webhook field). Targets and
 * secrets have rules of their own and are not settings.
 */
export interface WebhookSettings {
  watched: WatchedItem[];
  domains: WebhookDomain[];
  /** Job webhooks: the token each launch gets as HF_TOKEN (job-token.ts); `none` for URL webhooks. */
  jobToken: JobTokenAccess;
}

type PerSetting<T> = { [K in keyof WebhookSettings]: T };

/** Each setting copied, so a view, a row or an event never shares an array with its source. */
const COPY: { [K in keyof WebhookSettings]: (value: WebhookSettings[K]) => WebhookSettings[K] } = {
  watched: (items) => items.map(({ type, name }) => ({ type, name })),
  domains: (domains) => [...domains],
  jobToken: (jobToken) => jobToken,
};

const SETTING_KEYS = Object.keys(COPY) as Array<keyof WebhookSettings>;

function copy<K extends keyof WebhookSettings>(
  key: K,
  value: WebhookSettings[K],
): WebhookSettings[K] {
  return COPY[key](value);
}

/** The settings of anything that carries them (a stored webhook, a row, a parsed body), in a fixed order. */
export function webhookSettingsOf(source: WebhookSettings): WebhookSettings {
  return Object.fromEntries(
    SETTING_KEYS.map((key) => [key, copy(key, source[key])]),
  ) as unknown as WebhookSettings;
}

/** Only the settings an update gives; spread over the stored ones, the others stay. */
export function givenWebhookSettings(update: Partial<WebhookSettings>): Partial<WebhookSettings> {
  return Object.fromEntries(
    SETTING_KEYS.flatMap((key) =>
      update[key] === undefined ? [] : [[key, copy(key, update[key])]],
    ),
  );
}

/** The settings as create and update bodies send them; `null` means "not given" (webhook-input.ts). */
export const webhookSettingsBodyShape = {
  watched: z.array(watchedItemSchema, { error: 'must be an array of {type, name}' }).nullish(),
  domains: webhookDomainsSchema.nullish(),
  jobToken: jobTokenAccessSchema.nullish(),
} satisfies PerSetting<z.ZodType>;

type SettingsBody = {
  [K in keyof typeof webhookSettingsBodyShape]?: z.output<(typeof webhookSettingsBodyShape)[K]>;
};

export interface WebhookSettingsOptions {
  maxWatchedItems?: number;
}

const DEFAULT_MAX_WATCHED_ITEMS = 1000;

/** Deduplicated (case-insensitively, first spelling kept) and within the limit. */
function normaliseWatched(items: WatchedItem[], options: WebhookSettingsOptions): WatchedItem[] {
  const seen = new Set<string>();
  const unique = items.filter((item) => {
    const key = watchedKey(item.type, item.name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const limit = options.maxWatchedItems ?? DEFAULT_MAX_WATCHED_ITEMS;
  if (unique.length > limit)
    throw ApiError.badRequest(`watched: at most ${limit} items`, 'watched');
  return unique.map(({ type, name }) => ({ type, name }));
}

/** What a setting is when a create body leaves it out; `watched` has none, the body must give it. */
const DEFAULTS: { [K in Exclude<keyof WebhookSettings, 'watched'>]: () => WebhookSettings[K] } = {
  domains: () => [...WEBHOOK_DOMAINS],
  jobToken: () => 'none',
};

/** The settings of a new webhook that watches `watched` and was given nothing else. */
export function defaultWebhookSettings(watched: WatchedItem[]): WebhookSettings {
  const defaults = Object.fromEntries(
    Object.entries(DEFAULTS).map(([key, value]) => [key, value()]),
  ) as Omit<WebhookSettings, 'watched'>;
  return { watched, ...defaults };
}

/** A new webhook's settings: what the body gives, else the default. The caller has checked `watched` is given. */
export function settingsToCreate(
  body: SettingsBody & { watched: WatchedItem[] },
  options: WebhookSettingsOptions,
): WebhookSettings {
  return {
    ...defaultWebhookSettings(normaliseWatched(body.watched, options)),
    ...(body.domains && { domains: body.domains }),
    ...(body.jobToken && { jobToken: body.jobToken }),
  };
}

/**
 * The settings an update changes. The Python client always sends `watched`, as `[]` when the
 * caller passed none, so `[]` means "unchanged" (docs/hf-clients.md "Webhook management API").
 */
export function settingsToUpdate(
  body: SettingsBody,
  options: WebhookSettingsOptions,
): Partial<WebhookSettings> {
  return {
    ...(body.watched &&
      body.watched.length > 0 && { watched: normaliseWatched(body.watched, options) }),
    ...(body.domains && { domains: body.domains }),
    ...(body.jobToken && { jobToken: body.jobToken }),
  };
}

/**
 * The settings as the webhook.changed event carries them (libs/messaging webhook-changed.event.ts).
 * Laxer than the body: any non-empty name, and an empty domain list (left by an older writer)
 * meaning every domain, so an event is never refused for a rule added after it was written.
 */
export const webhookSettingsEventShape = {
  watched: z
    .array(
      z.object({
        type: z.enum(WATCHED_ITEM_TYPES),
        /** Repository (`owner/name`), user or organization name. */
        name: z.string().min(1),
      }),
    )
    .min(1),
  domains: z.array(z.enum(WEBHOOK_DOMAINS)),
  /** Absent in events written before the setting: no token. */
  jobToken: z.enum(JOB_TOKEN_ACCESS).default('none'),
} satisfies PerSetting<z.ZodType>;
