import { composeConfig, type EnvSection } from '../env-section';
import { loadConfig } from '../load-config';
import { type NetworkConfig, networkSection } from '../sections/network.section';
import { type WebhooksConfig, webhooksSection } from '../sections/webhooks.section';

/**
 * What a section builds from an environment that sets none of its variables: the defaults it
 * declares. Test data starts from these, so a new variable with a default reaches every expected
 * configuration by itself and touches no test but the ones about it (docs/architecture.md "How to
 * add"). A section with a required variable has no defaults and throws its ConfigError.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a section's build parameter type depends on its own shape
export function sectionDefaults<T>(section: EnvSection<any, T>): T {
  return loadConfig(composeConfig({ section }), {}).section;
}

/** The webhooks section (webhook-management's limits) as its defaults build it, with `overrides` on top. */
export function aWebhooksConfig(overrides: Partial<WebhooksConfig> = {}): WebhooksConfig {
  return { ...sectionDefaults(webhooksSection), ...overrides };
}

/** The network section as its defaults build it (loopback targets refused), with `overrides` on top. */
export function aNetworkConfig(overrides: Partial<NetworkConfig> = {}): NetworkConfig {
  return { ...sectionDefaults(networkSection), ...overrides };
}
