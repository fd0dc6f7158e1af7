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

/**
 * The environment an `auth` process needs and nothing more (its servers, both secrets and the
 * token-exchange URL), with `overrides` on top: a test sets only the variables it is about.
 */
export function anAuthEnvironment(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    GATEHOUSE_PUBLIC_URL: 'https://hub.example.com',
    DATABASE_URL: 'postgres://db/gatehouse',
    REDIS_URL: 'redis://redis:6379',
    KAFKA_BROKERS: 'kafka:9092',
    GATEHOUSE_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    GATEHOUSE_INTERNAL_TOKEN: 't'.repeat(32),
    GATEHOUSE_TOKEN_EXCHANGE_URL: 'http://token-exchange:3001',
    ...overrides,
  };
}
