import { envSection } from '../env-section';
import { serviceUrl } from '../env-fields';

export interface TokenExchangeClientConfig {
  /** Base URL of the token-exchange service; `auth` posts the RFC 8693 grants to it. */
  url: string;
}

export const tokenExchangeClientSection = envSection(
  { GATEHOUSE_TOKEN_EXCHANGE_URL: serviceUrl },
  (env): TokenExchangeClientConfig => ({ url: env.GATEHOUSE_TOKEN_EXCHANGE_URL }),
);
