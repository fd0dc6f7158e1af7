import { composeConfig, constantSection } from '../env-section';
import { loadConfig, type Environment } from '../load-config';
import { httpSection } from '../sections/http.section';
import { clientAddressSection, networkSection } from '../sections/network.section';
import { tokenIssuanceSection } from '../sections/oauth.section';
import { principalCacheSection } from '../sections/principal-cache.section';
import { runtimeSection } from '../sections/runtime.section';
import { secretsSection } from '../sections/secrets.section';
import { kafkaSection } from '../sections/kafka.section';
import { postgresSection, redisSection } from '../sections/store.section';

export const tokenExchangeConfigSchema = composeConfig({
  service: constantSection('token-exchange'),
  http: httpSection(3001),
  runtime: runtimeSection,
  principals: principalCacheSection,
  postgres: postgresSection,
  redis: redisSection,
  kafka: kafkaSection,
  // The encryption key opens the id_token signing keys; the internal token authenticates `auth`.
  secrets: secretsSection,
  // CI id_token exchange fetches the CI provider's JWKS, loopback only in development.
  network: networkSection,
  clientAddress: clientAddressSection,
  oauth: tokenIssuanceSection,
});

export type TokenExchangeConfig = ReturnType<typeof tokenExchangeConfigSchema.parse>;

export function loadTokenExchangeConfig(env?: Environment): TokenExchangeConfig {
  return loadConfig(tokenExchangeConfigSchema, env);
}
