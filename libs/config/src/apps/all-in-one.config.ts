import { ConfigError } from '../config.error';
import { isLoopbackBindAddress } from '../env-fields';
import { composeConfig, constantSection } from '../env-section';
import { loadConfig, type Environment } from '../load-config';
import { deliverySection } from '../sections/delivery.section';
import { mailSection } from '../sections/mail.section';
import { adminSection } from '../sections/admin.section';
import { signUpSection } from '../sections/sign-up.section';
import { embeddedHttpSection } from '../sections/http.section';
import { clientAddressSection, networkSection } from '../sections/network.section';
import { oauthSection } from '../sections/oauth.section';
import { principalCacheSection } from '../sections/principal-cache.section';
import { runtimeSection } from '../sections/runtime.section';
import { webAppSection } from '../sections/web-app.section';
import { embeddedSecretsSection } from '../sections/secrets.section';
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
  principals: principalCacheSection,
  storage: embeddedStorageSection,
  secrets: embeddedSecretsSection,
  network: networkSection,
  clientAddress: clientAddressSection,
  oauth: oauthSection,
  webApp: webAppSection,
  webhooks: webhooksSection,
  delivery: deliverySection,
  mail: mailSection,
  admin: adminSection,
  signUp: signUpSection,
});

export type AllInOneConfig = ReturnType<typeof allInOneConfigSchema.parse>;

/**
 * Without GATEHOUSE_SEED the all-in-one loads its demo seed, whose accounts and passwords are
 * public (the README prints them): served beyond loopback only when GATEHOUSE_ALLOW_DEMO_ON_NETWORK says so.
 */
export function loadAllInOneConfig(env?: Environment): AllInOneConfig {
  const config = loadConfig(allInOneConfigSchema, env);
  const { host, allowDemoOnNetwork } = config.http;
  if (
    config.storage.seedPath === undefined &&
    !isLoopbackBindAddress(host) &&
    !allowDemoOnNetwork
  ) {
    throw new ConfigError([
      {
        variable: 'HOST',
        reason: `${host} is not a loopback address and no GATEHOUSE_SEED is set, so the public demo accounts would be reachable from the network; set GATEHOUSE_SEED to your own seed, or GATEHOUSE_ALLOW_DEMO_ON_NETWORK=true`,
      },
    ]);
  }
  return config;
}
