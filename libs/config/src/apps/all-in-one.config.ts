import { composeConfig, constantSection } from '../env-section';
import { loadConfig, type Environment } from '../load-config';
import { deliverySection } from '../sections/delivery.section';
import { embeddedHttpSection } from '../sections/http.section';
import { networkSection } from '../sections/network.section';
import { oauthSection } from '../sections/oauth.sections';
import { runtimeSection } from '../sections/runtime.section';
import { webAppSection } from '../sections/web-app.section';
import { embeddedSecretsSection } from '../sections/secrets.sections';
import { embeddedStorageSection } from '../sections/storage.section';
import { webhooksSection } from '../sections/webhooks.section';

/**
 * The embedded shape (`apps/gatehouse`): every module in one process on PGlite, in-memory flow
 * state and an in-process bus, so no server URLs. Unset secrets come from resolveEmbeddedSecrets.
 */
export const allInOneConfigSchema = composeConfig({
  service: constantSection('gatehouse'),
  http: embeddedHttpSection,
  runtime: runtimeSection,
  storage: embeddedStorageSection,
  secrets: embeddedSecretsSection,
  network: networkSection,
  oauth: oauthSection,
  webApp: webAppSection,
  webhooks: webhooksSection,
  delivery: deliverySection,
});

export type AllInOneConfig = ReturnType<typeof allInOneConfigSchema.parse>;

export function loadAllInOneConfig(env?: Environment): AllInOneConfig {
  return loadConfig(allInOneConfigSchema, env);
}
