import { composeConfig, constantSection } from '../env-section';
import { loadConfig, type Environment } from '../load-config';
import { httpSection } from '../sections/http.section';
import { clientAddressSection, networkSection } from '../sections/network.section';
import { oauthSection } from '../sections/oauth.section';
import { principalCacheSection } from '../sections/principal-cache.section';
import { runtimeSection } from '../sections/runtime.section';
import { webAppSection } from '../sections/web-app.section';
import { secretsSection } from '../sections/secrets.section';
import { kafkaSection } from '../sections/kafka.section';
import { mailSection } from '../sections/mail.section';
import { adminSection } from '../sections/admin.section';
import { signUpSection } from '../sections/sign-up.section';
import { postgresSection, redisSection } from '../sections/store.section';
import { tokenExchangeClientSection } from '../sections/token-exchange-client.section';

export const authConfigSchema = composeConfig({
  service: constantSection('auth'),
  http: httpSection(3000),
  runtime: runtimeSection,
  principals: principalCacheSection,
  postgres: postgresSection,
  redis: redisSection,
  kafka: kafkaSection,
  secrets: secretsSection,
  network: networkSection,
  clientAddress: clientAddressSection,
  oauth: oauthSection,
  webApp: webAppSection,
  tokenExchange: tokenExchangeClientSection,
  mail: mailSection,
  admin: adminSection,
  signUp: signUpSection,
});

export type AuthConfig = ReturnType<typeof authConfigSchema.parse>;

export function loadAuthConfig(env?: Environment): AuthConfig {
  return loadConfig(authConfigSchema, env);
}
