import { envSection } from '../env-section';
import { bearerSecret, serviceUrl } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_TOKEN_EXCHANGE_URL_DOC: VariableDoc = {
  description:
    'Base URL of the token-exchange service, which mints the tokens Job webhooks ask for (`jobToken`); with GATEHOUSE_INTERNAL_TOKEN.',
  shownDefault: 'none: a Job webhook that asks for a token fails its launch',
};
const GATEHOUSE_INTERNAL_TOKEN_DOC: VariableDoc = {
  description:
    "token-exchange's internal token, sent when minting the tokens of Job webhooks (`POST /internal/job-tokens`).",
  shownDefault: 'none',
};

/** The delivery worker's way to token-exchange; null when not configured. */
export interface JobTokensConfig {
  mint: { url: string; internalToken: string } | null;
}

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
