import { MailModule, type MailModuleOptions } from '@gatehouse/mail';
import { join } from 'node:path';
import { DynamicModule, Module } from '@nestjs/common';
import { TokenPruningModule } from '@gatehouse/identity';
import { type ScryptParameters, setPasswordHashCost } from '@gatehouse/crypto';
import { AdminModule } from './admin/admin.module';
import {
  ACCOUNTS_OPTIONS,
  type AccountsOptions,
  type SignUpMode,
} from './accounts/accounts-options';
import { AccountsModule } from './accounts/accounts.module';
import { AppsModule } from './apps/apps.module';
import {
  AUTHORIZATION_CODE_OPTIONS,
  AuthorizationCodeOptions,
} from './authorization-code/authorization-code-options';
import { AuthorizationCodeModule } from './authorization-code/authorization-code.module';
import { AUTHORIZE_OPTIONS, AuthorizeOptions } from './authorize/authorize-options';
import { AuthorizeModule } from './authorize/authorize.module';
import { CIMD_OPTIONS, CimdOptions } from './cimd/cimd-options';
import { CimdModule } from './cimd/cimd.module';
import { ConsentModule } from './consent/consent.module';
import { DeviceFlowModule } from './device';
import { PagesModule } from './pages/pages.module';
import { REFRESH_OPTIONS, RefreshOptions } from './refresh/refresh-rotation-grace';
import {
  DEFAULT_SIGN_IN_LIMITS,
  SESSION_OPTIONS,
  SessionOptions,
  SignInLimits,
} from './session/session-options';
import { SessionModule } from './session/session.module';
import {
  PasskeysReset,
  RecoveryCodesReset,
  TotpFactorReset,
} from './second-factors/second-factor-resets';
import { SecondFactorStoreModule } from './second-factors/second-factor-store.module';
import { SecondFactorCheckModule } from './second-factors/second-factor-check.module';
import { SecondFactorsModule } from './second-factors/second-factors.module';
import { DEFAULT_WEB_APP_DIR } from '@gatehouse/config';
import { ConnectedApplicationsModule } from './connected-applications/connected-applications.module';
import { LeakedCredentialsModule } from './leaked-credentials/leaked-credentials.module';
import { LeakedTokenMailModule } from './leaked-credentials/leaked-token-mail.module';
import { WebhookNoticeMailModule } from './webhook-notices/webhook-notice-mail.module';
import { LogoutModule } from './logout/logout.module';
import { SETTINGS_APP_OPTIONS, type SettingsAppOptions } from './settings-app/settings-app-options';
import { SettingsAppModule } from './settings-app/settings-app.module';
import { AuthTokenModules } from './token-endpoint';

/** What the `auth` service (and the all-in-one) configure the sign-in and token flows with. */
export interface AuthModuleOptions {
  /** GATEHOUSE_PUBLIC_URL: the issuer; an https URL also makes the session cookie Secure. */
  publicUrl: string;
  /** GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS. */
  authorizationCodeTtlSeconds: number;
  /** GATEHOUSE_SESSION_TTL_SECONDS. */
  signInSessionTtlSeconds: number;
  /** GATEHOUSE_ALLOW_LOOPBACK_TARGETS: metadata documents may be served on loopback (development). */
  allowLoopbackTargets: boolean;
  /** The sign-in throttle's numbers (SignInThrottle); DEFAULT_SIGN_IN_LIMITS when absent. */
  signInLimits?: SignInLimits;
  /** GATEHOUSE_DEVICE_CODE_TTL_SECONDS (default 900). */
  deviceCodeTtlSeconds?: number;
  /** GATEHOUSE_DEVICE_POLL_INTERVAL_SECONDS (default 5). */
  devicePollIntervalSeconds?: number;
  /** GATEHOUSE_WEB_DIR: the built settings app (default `dist/apps/web`). */
  webAppDirectory?: string;
  /** GATEHOUSE_REFRESH_REUSE_GRACE_SECONDS (default 10). */
  refreshReuseGraceSeconds?: number;
  /** GATEHOUSE_TOKEN_RETENTION_DAYS: expired access and refresh tokens older than this are pruned (default 7). */
  tokenRetentionDays?: number;
  /** Where the e-mail it sends goes (GATEHOUSE_SMTP_URL, GATEHOUSE_MAIL_FROM); none sent when absent. */
  mail?: MailModuleOptions;
  /** GATEHOUSE_PLATFORM_ADMINS: usernames of the platform administrators (docs/admin-api.md). */
  platformAdmins?: readonly string[];
  /** GATEHOUSE_SIGNUP: who may create an account on the sign-in pages (default `closed`). */
  signUp?: SignUpMode;
  /** GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS: how long a deletion asked for waits (default 7). */
  accountDeletionGraceDays?: number;
  /** GATEHOUSE_PASSWORD_HASH_COST: the scrypt cost of the passwords this process stores. */
  passwordHashCost?: ScryptParameters;
}

/** The options from an app's configuration (GATEHOUSE_PUBLIC_URL, the `oauth` and `network` sections). */
export function authModuleOptionsOf(config: {
  http: { publicUrl: string };
  oauth: {
    authorizationCodeTtlSeconds: number;
    signInSessionTtlSeconds: number;
    deviceCodeTtlSeconds: number;
    devicePollIntervalSeconds: number;
    refreshReuseGraceSeconds: number;
    tokenRetentionDays: number;
  };
  network: { allowLoopbackTargets: boolean };
  webApp: { directory: string };
  mail?: { smtpUrl?: string; from: string };
  signUp?: { mode: SignUpMode; deletionGraceDays: number; passwordHashCost?: ScryptParameters };
  /** The all-in-one's data directory, which keeps its mailbox when no SMTP server is set. */
  storage?: { dataDir: string };
  admin?: { platformAdmins: readonly string[] };
}): AuthModuleOptions {
  return {
    publicUrl: config.http.publicUrl,
    authorizationCodeTtlSeconds: config.oauth.authorizationCodeTtlSeconds,
    signInSessionTtlSeconds: config.oauth.signInSessionTtlSeconds,
    allowLoopbackTargets: config.network.allowLoopbackTargets,
    deviceCodeTtlSeconds: config.oauth.deviceCodeTtlSeconds,
    devicePollIntervalSeconds: config.oauth.devicePollIntervalSeconds,
    webAppDirectory: config.webApp.directory,
    refreshReuseGraceSeconds: config.oauth.refreshReuseGraceSeconds,
    tokenRetentionDays: config.oauth.tokenRetentionDays,
    platformAdmins: config.admin?.platformAdmins ?? [],
    mail: config.mail && {
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      mailboxDirectory: config.storage && join(config.storage.dataDir, 'mailbox'),
    },
    signUp: config.signUp?.mode,
    accountDeletionGraceDays: config.signUp?.deletionGraceDays,
    passwordHashCost: config.signUp?.passwordHashCost,
  };
}

const NO_MAIL: MailModuleOptions = { from: 'Gatehouse <gatehouse@localhost>' };

const DEFAULT_REFRESH_REUSE_GRACE_SECONDS = 10;
const DEFAULT_TOKEN_RETENTION_DAYS = 7;
const DEFAULT_ACCOUNT_DELETION_GRACE_DAYS = 7;

/** An anonymous session only carries the sign-in form's CSRF token. */
const ANONYMOUS_SESSION_TTL_SECONDS = 60 * 60;

/**
 * The `auth` service's HTTP surface: discovery and keys, `/oauth/authorize` with the sign-in and
 * consent pages, the device flow, `/oauth/token` with the authorization-code, device-code and
 * refresh grants, userinfo,
 * revocation, introspection, client-ID metadata documents, the OAuth app and personal token
 * settings, whoami-v2, leaked-token reports and their notices, and the accounts people make and
 * manage themselves (sign-up, confirmation, password reset and changes). Needs IdentityModule, the DataSource, FLOW_STORE and CLOCK.
 */
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    // A setting of the process: every password this process hashes, whichever feature stores it.
    if (options.passwordHashCost) setPasswordHashCost(options.passwordHashCost);
    const issuer = options.publicUrl.replace(/\/+$/, '');
    const optionProviders = [
      {
        provide: SESSION_OPTIONS,
        useValue: {
          secureCookies: issuer.startsWith('https://'),
          signedInTtlSeconds: options.signInSessionTtlSeconds,
          anonymousTtlSeconds: ANONYMOUS_SESSION_TTL_SECONDS,
          limits: options.signInLimits ?? DEFAULT_SIGN_IN_LIMITS,
        } satisfies SessionOptions,
      },
      { provide: AUTHORIZE_OPTIONS, useValue: { issuer } satisfies AuthorizeOptions },
      {
        provide: ACCOUNTS_OPTIONS,
        useValue: {
          issuer,
          signUp: options.signUp ?? 'closed',
          deletionGraceDays:
            options.accountDeletionGraceDays ?? DEFAULT_ACCOUNT_DELETION_GRACE_DAYS,
        } satisfies AccountsOptions,
      },
      {
        provide: AUTHORIZATION_CODE_OPTIONS,
        useValue: {
          codeTtlSeconds: options.authorizationCodeTtlSeconds,
        } satisfies AuthorizationCodeOptions,
      },
      {
        provide: SETTINGS_APP_OPTIONS,
        useValue: {
          directory: options.webAppDirectory ?? DEFAULT_WEB_APP_DIR,
        } satisfies SettingsAppOptions,
      },
      {
        provide: REFRESH_OPTIONS,
        useValue: {
          reuseGraceSeconds:
            options.refreshReuseGraceSeconds ?? DEFAULT_REFRESH_REUSE_GRACE_SECONDS,
        } satisfies RefreshOptions,
      },
      {
        provide: CIMD_OPTIONS,
        useValue: { allowLoopbackTargets: options.allowLoopbackTargets } satisfies CimdOptions,
      },
    ];
    return {
      module: AuthModule,
      // Global so the feature modules below, which are static, can inject the option tokens.
      global: true,
      // Express matches a request against every route registered before its own: the token paths,
      // called far more often than the pages, come first.
      imports: [
        ...AuthTokenModules,
        PagesModule,
        SessionModule,
        ConsentModule,
        CimdModule,
        AuthorizationCodeModule,
        AuthorizeModule,
        DeviceFlowModule.forRoot(options),
        AppsModule,
        ConnectedApplicationsModule,
        AdminModule.forRoot({
          platformAdmins: options.platformAdmins ?? [],
          factorResets: [TotpFactorReset, RecoveryCodesReset, PasskeysReset],
          factorModules: [SecondFactorStoreModule],
        }),
        MailModule.forRoot(options.mail ?? NO_MAIL),
        LeakedCredentialsModule.forRoot(),
        LeakedTokenMailModule.forRoot({ issuer }),
        WebhookNoticeMailModule.forRoot({ issuer }),
        AccountsModule.forRoot({ secondFactorCheck: SecondFactorCheckModule }),
        SecondFactorsModule,
        LogoutModule,
        SettingsAppModule,
        TokenPruningModule.forRoot({
          retentionDays: options.tokenRetentionDays ?? DEFAULT_TOKEN_RETENTION_DAYS,
        }),
      ],
      providers: optionProviders,
      exports: optionProviders.map((provider) => provider.provide),
    };
  }
}
