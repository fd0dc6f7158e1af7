import { aNetworkConfig, aWebhooksConfig } from '@gatehouse/config/testing';
import { webhooksSettingsOf, type WebhooksSettings } from '../webhooks-module-options';

/**
 * The rules the use cases apply, as the app's default configuration gives them, with `overrides`
 * on top: a new setting read from the configuration reaches every test by itself.
 */
export function aWebhooksSettings(overrides: Partial<WebhooksSettings> = {}): WebhooksSettings {
  return {
    ...webhooksSettingsOf({ webhooks: aWebhooksConfig(), network: aNetworkConfig() }),
    ...overrides,
  };
}
