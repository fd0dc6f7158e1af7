import type { WatchedItem } from '../webhooks/watched-item';
import { defaultWebhookSettings, type WebhookSettings } from '../webhooks/webhook-settings';
import type { WebhookRecord, WebhookView } from '../webhooks/webhook-view';

/**
 * Test data for the webhook aggregate. Every setting a test does not name comes from the domain's
 * own defaults (`defaultWebhookSettings`), so a new optional setting reaches every expected object
 * by itself and touches no test but the ones about it (docs/architecture.md "How to add").
 */
const WATCHED: WatchedItem[] = [{ type: 'model', name: 'acme/bert' }];

/** A webhook's settings: what a create naming only `watched` gives, with `overrides` on top. */
export function aWebhookSettings(overrides: Partial<WebhookSettings> = {}): WebhookSettings {
  const settings = defaultWebhookSettings(overrides.watched ?? WATCHED);
  for (const key of Object.keys(settings) as Array<keyof WebhookSettings>)
    if (overrides[key] !== undefined) Object.assign(settings, { [key]: overrides[key] });
  return settings;
}

/** What a URL webhook that nobody changed holds besides its settings. */
const A_URL_WEBHOOK = {
  id: '654bbbc16f2ec14d77f109cc',
  url: 'https://hooks.example.com/in',
  job: null,
  secret: null,
  disabled: false,
};

/** A stored URL webhook as the presenter reads it. */
export function aWebhookRecord(overrides: Partial<WebhookRecord> = {}): WebhookRecord {
  return { ...A_URL_WEBHOOK, ...aWebhookSettings(overrides), ...overrides };
}

/** The webhook object the API answers (dates as ISO strings), with `overrides` on top. */
export function aWebhookView(overrides: Partial<WebhookView> = {}): WebhookView {
  return { ...A_URL_WEBHOOK, ...aWebhookSettings(overrides), disabledReason: null, ...overrides };
}
