import { composeConfig, constantSection } from '../env-section';
import { loadConfig, type Environment } from '../load-config';
import { httpSection } from '../sections/http.section';
import { clientAddressSection, networkSection } from '../sections/network.section';
import { principalCacheSection } from '../sections/principal-cache.section';
import { runtimeSection } from '../sections/runtime.section';
import { secretsSection } from '../sections/secrets.section';
import { kafkaSection } from '../sections/kafka.section';
import { postgresSection, redisSection } from '../sections/store.section';
import { webhooksSection } from '../sections/webhooks.section';

export const webhookManagementConfigSchema = composeConfig({
  service: constantSection('webhook-management'),
  http: httpSection(3002),
  runtime: runtimeSection,
  principals: principalCacheSection,
  postgres: postgresSection,
  // Rate-limit counters of the management API live in flow state.
  redis: redisSection,
  kafka: kafkaSection,
  // The encryption key seals webhook and Job secrets; the internal token guards event ingestion.
  secrets: secretsSection,
  network: networkSection,
  clientAddress: clientAddressSection,
  webhooks: webhooksSection,
});

export type WebhookManagementConfig = ReturnType<typeof webhookManagementConfigSchema.parse>;

export function loadWebhookManagementConfig(env?: Environment): WebhookManagementConfig {
  return loadConfig(webhookManagementConfigSchema, env);
}
