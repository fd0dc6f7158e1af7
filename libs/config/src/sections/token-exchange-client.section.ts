import { envSection } from '../env-section';
import { serviceUrl } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

export const GATEHOUSE_TOKEN_EXCHANGE_URL_DOC: VariableDoc = {
  description:
    'Base URL of the token-exchange service, to which `auth` hands RFC 8693 grants and the delivery worker asks for the tokens of Job webhooks (`jobToken`; optional there: without it such launches fail).',
  shownDefault: 'required by `auth`; delivery-worker: none',
};

export interface TokenExchangeClientConfig {
  /** Base URL of the token-exchange service; `auth` posts the RFC 8693 grants to it. */
  url: string;
}

export const tokenExchangeClientSection = envSection(
  { GATEHOUSE_TOKEN_EXCHANGE_URL: documented(serviceUrl, GATEHOUSE_TOKEN_EXCHANGE_URL_DOC) },
  (env): TokenExchangeClientConfig => ({ url: env.GATEHOUSE_TOKEN_EXCHANGE_URL }),
);
