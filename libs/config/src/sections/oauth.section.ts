import { envSection } from '../env-section';
import { positiveInteger, urnWord } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS_DOC: VariableDoc = {
  description:
    'Lifetime of issued access tokens (token-exchange apps may be set otherwise by their organization).',
};
const GATEHOUSE_PLATFORM_NAME_DOC: VariableDoc = {
  description: 'Platform name in identifiers such as `urn:<name>:token-type:user-email`.',
};
const GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS_DOC: VariableDoc = {
  description: 'Lifetime of an authorization code.',
};
const GATEHOUSE_DEVICE_CODE_TTL_SECONDS_DOC: VariableDoc = {
  description: 'Lifetime of a device code and its user code.',
};
const GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS_DOC: VariableDoc = {
  description: 'Minimum seconds between device-code token polls (RFC 8628 `interval`).',
};
const GATEHOUSE_SESSION_TTL_SECONDS_DOC: VariableDoc = {
  description: 'Lifetime of a browser sign-in session.',
};
const GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS_DOC: VariableDoc = {
  description:
    'Seconds during which a just-rotated refresh token, presented again, gets the same new pair instead of revoking the grant (two processes refreshing at once); 0 turns the grace off.',
};
const GATEHOUSE_TOKEN_RETENTION_DAYS_DOC: VariableDoc = {
  description:
    "Days an expired access or refresh token, or a Job webhook's launch token, stays in the database before it is pruned (hourly); device codes live in flow state and expire by themselves.",
};

export interface TokenIssuanceConfig {
  /** Lifetime of issued access tokens; 8 hours by default (docs/oauth.md "Token formats and lifetimes"). */
  accessTokenTtlSeconds: number;
  /** The platform's name inside identifiers such as `urn:<platform>:token-type:user-email`. */
  platformName: string;
  /** RFC 8693 subject_token_type naming a user by e-mail address (docs/oauth.md "Token exchange"). */
  userEmailTokenType: string;
}

export interface OAuthConfig extends TokenIssuanceConfig {
  authorizationCodeTtlSeconds: number;
  deviceCodeTtlSeconds: number;
  /** RFC 8628 section 3.2 `interval`: the minimum seconds between device-code polls. */
  devicePollIntervalSeconds: number;
  signInSessionTtlSeconds: number;
  /** How long a spent refresh token still gets the answer it got (0: never). */
  refreshReuseGraceSeconds: number;
  /** Days an expired access or refresh token stays in the database before it is pruned. */
  tokenRetentionDays: number;
}

const tokenIssuanceShape = {
  GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS: documented(
    positiveInteger().default(28_800),
    GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS_DOC,
  ),
  GATEHOUSE_PLATFORM_NAME: documented(urnWord.default('huggingface'), GATEHOUSE_PLATFORM_NAME_DOC),
};

export const tokenIssuanceSection = envSection(tokenIssuanceShape, (env): TokenIssuanceConfig => ({
  accessTokenTtlSeconds: env.GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS,
  platformName: env.GATEHOUSE_PLATFORM_NAME,
  userEmailTokenType: `urn:${env.GATEHOUSE_PLATFORM_NAME}:token-type:user-email`,
}));

/** The interactive flows of `auth`: authorization code, device code, sign-in sessions. */
export const oauthSection = envSection(
  {
    ...tokenIssuanceShape,
    GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS: documented(
      positiveInteger().default(60),
      GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS_DOC,
    ),
    GATEHOUSE_DEVICE_CODE_TTL_SECONDS: documented(
      positiveInteger().default(900),
      GATEHOUSE_DEVICE_CODE_TTL_SECONDS_DOC,
    ),
    GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS: documented(
      positiveInteger().default(5),
      GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS_DOC,
    ),
    GATEHOUSE_SESSION_TTL_SECONDS: documented(
      positiveInteger().default(604_800),
      GATEHOUSE_SESSION_TTL_SECONDS_DOC,
    ),
    GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS: documented(
      positiveInteger({ allowZero: true }).default(10),
      GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS_DOC,
    ),
    GATEHOUSE_TOKEN_RETENTION_DAYS: documented(
      positiveInteger().default(7),
      GATEHOUSE_TOKEN_RETENTION_DAYS_DOC,
    ),
  },
  (env): OAuthConfig => ({
    ...tokenIssuanceSection.build(env),
    authorizationCodeTtlSeconds: env.GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS,
    deviceCodeTtlSeconds: env.GATEHOUSE_DEVICE_CODE_TTL_SECONDS,
    devicePollIntervalSeconds: env.GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS,
    signInSessionTtlSeconds: env.GATEHOUSE_SESSION_TTL_SECONDS,
    refreshReuseGraceSeconds: env.GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS,
    tokenRetentionDays: env.GATEHOUSE_TOKEN_RETENTION_DAYS,
  }),
);
