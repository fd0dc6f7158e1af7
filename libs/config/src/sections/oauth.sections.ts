import { envSection } from '../env-section';
import { positiveInteger, urnWord } from '../env-fields';

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
  GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS: positiveInteger().default(28_800),
  GATEHOUSE_PLATFORM_NAME: urnWord.default('huggingface'),
};

export const tokenIssuanceSection = envSection(
  tokenIssuanceShape,
  (env): TokenIssuanceConfig => ({
    accessTokenTtlSeconds: env.GATEHOUSE_ACCESS_TOKEN_TTL_SECONDS,
    platformName: env.GATEHOUSE_PLATFORM_NAME,
    userEmailTokenType: `urn:${env.GATEHOUSE_PLATFORM_NAME}:token-type:user-email`,
  }),
);

/** The interactive flows of `auth`: authorization code, device code, sign-in sessions. */
export const oauthSection = envSection(
  {
    ...tokenIssuanceShape,
    GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS: positiveInteger().default(60),
    GATEHOUSE_DEVICE_CODE_TTL_SECONDS: positiveInteger().default(900),
    GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS: positiveInteger().default(5),
    GATEHOUSE_SESSION_TTL_SECONDS: positiveInteger().default(604_800),
    GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS: positiveInteger({ allowZero: true }).default(10),
    GATEHOUSE_TOKEN_RETENTION_DAYS: positiveInteger().default(7),
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
