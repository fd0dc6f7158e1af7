import { composeConfig, constantSection } from '../env-section';
import { loadConfig, type Environment } from '../load-config';
import { deliverySection } from '../sections/delivery.section';
import { jobTokensSection } from '../sections/job-tokens.section';
import { httpSection } from '../sections/http.section';
import { networkSection } from '../sections/network.section';
import { runtimeSection } from '../sections/runtime.section';
import { encryptionSecretsSection } from '../sections/secrets.section';
import { kafkaSection } from '../sections/kafka.section';
import { postgresSection, redisSection } from '../sections/store.section';

export const deliveryWorkerConfigSchema = composeConfig({
  service: constantSection('delivery-worker'),
  http: httpSection(3003),
  runtime: runtimeSection,
  postgres: postgresSection,
  // Daily trigger counters.
  redis: redisSection,
  kafka: kafkaSection,
  // Opens webhook and Job secrets to sign deliveries; the worker serves no internal route.
  secrets: encryptionSecretsSection,
  network: networkSection,
  delivery: deliverySection,
  // Where the tokens of Job webhooks are minted (optional: without it, such launches fail).
  jobTokens: jobTokensSection,
});

export type DeliveryWorkerConfig = ReturnType<typeof deliveryWorkerConfigSchema.parse>;

export function loadDeliveryWorkerConfig(env?: Environment): DeliveryWorkerConfig {
  return loadConfig(deliveryWorkerConfigSchema, env);
}
