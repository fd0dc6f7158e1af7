import { envSection } from '../env-section';
import { bearerSecret, serviceUrl } from '../env-fields';
import { documented } from '../variable-doc';
import { GATEHOUSE_INTERNAL_TOKEN_DOC } from './secrets.section';
import { GATEHOUSE_TOKEN_EXCHANGE_URL_DOC } from './token-exchange-client.section';

/** The delivery worker's way to token-exchange, which mints Job tokens; null when not configured. */
export interface JobTokensConfig {
  mint: { url: string; internalToken: string } | null;
}

/** Optional for the delivery worker: without both variables, a Job webhook asking for a token fails its launch. */
export const jobTokensSection = envSection(
  {
    GATEHOUSE_TOKEN_EXCHANGE_URL: documented(
      serviceUrl.optional(),
      GATEHOUSE_TOKEN_EXCHANGE_URL_DOC,
    ),
    GATEHOUSE_INTERNAL_TOKEN: documented(bearerSecret.optional(), GATEHOUSE_INTERNAL_TOKEN_DOC),
  },
  (env): JobTokensConfig => ({
    mint:
      env.GATEHOUSE_TOKEN_EXCHANGE_URL && env.GATEHOUSE_INTERNAL_TOKEN
        ? { url: env.GATEHOUSE_TOKEN_EXCHANGE_URL, internalToken: env.GATEHOUSE_INTERNAL_TOKEN }
        : null,
  }),
);
