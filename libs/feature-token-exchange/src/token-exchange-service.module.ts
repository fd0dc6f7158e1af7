import { DynamicModule, Module } from '@nestjs/common';
import { IDENTITY_OPTIONS, type IdentityOptions } from '@gatehouse/identity';
import { AuditLogController } from './audit/audit-log.controller';
import { AuditLogReader } from './audit/audit-log.reader';
import { AuditLogStore } from './audit/ports/audit-log.store';
import { AuditRecorder } from './audit/audit-recorder';
import { AuditSeal } from './audit/audit-seal';
import { TypeOrmAuditLogStore } from './audit/infrastructure/typeorm-audit-log.store';
import { AccessDecisionService } from './authorize/access-decision.service';
import { InternalAuthorizeController } from './authorize/internal-authorize.controller';
import { InternalTokenExchangeController } from './exchange/internal-token-exchange.controller';
import { TokenExchangeService } from './exchange/token-exchange.service';
import { TrustedPublisherExchange } from './exchange/trusted-publisher-exchange';
import { UserEmailExchange } from './exchange/user-email-exchange';
import { TypeOrmServiceAccountStore } from './service-accounts/infrastructure/typeorm-service-account.store';
import { ServiceAccountStore } from './service-accounts/ports/service-account.store';
import { ServiceAccountsController } from './service-accounts/service-accounts.controller';
import { ServiceAccountsService } from './service-accounts/service-accounts.service';
import { OrganizationAdminGate } from './settings/organization-admin-gate';
import { InternalJobTokensController } from './job-tokens/internal-job-tokens.controller';
import { JobTokenService } from './job-tokens/job-token.service';
import { JobTokenStore } from './job-tokens/ports/job-token.store';
import { TypeOrmJobTokenStore } from './job-tokens/infrastructure/typeorm-job-token.store';
import { OrganizationSettingsController } from './settings/organization-settings.controller';
import { OrganizationTwoFactorController } from './settings/organization-two-factor.controller';
import { OrganizationTwoFactorService } from './settings/organization-two-factor.service';
import { OrganizationSettingsService } from './settings/organization-settings.service';
import { OrganizationDirectory } from './organizations/ports/organization-directory';
import { TypeOrmOrganizationDirectory } from './organizations/infrastructure/typeorm-organization-directory';
import { TOKEN_EXCHANGE_OPTIONS, TokenExchangeServiceOptions } from './token-exchange-options';
import { CiTokenVerifier } from './trusted-publishers/ci-token-verifier';
import { JoseCiTokenVerifier } from './trusted-publishers/jose-ci-token-verifier';
import { JwksFetcher, SafeJwksFetcher } from './trusted-publishers/jwks-fetcher';
import { TypeOrmTrustedPublisherStore } from './trusted-publishers/infrastructure/typeorm-trusted-publisher.store';
import { TrustedPublisherStore } from './trusted-publishers/ports/trusted-publisher.store';
import { SqlOrganizationTokenStore } from './token-governance/infrastructure/sql-organization-token.store';
import { OrganizationTokenStore } from './token-governance/ports/organization-token.store';
import { TokenGovernanceController } from './token-governance/token-governance.controller';
import { TokenGovernanceService } from './token-governance/token-governance.service';

/**
 * The token-exchange service (docs/architecture.md): `POST /internal/token-exchange` (both
 * token-exchange grants), `POST /internal/authorize` (the access policy), `POST /internal/job-tokens`
 * (the tokens of Job webhooks' launches), the organization audit
 * log (`GET /api/organizations/{name}/audit-log`) and token-exchange settings
 * (`/api/organizations/{name}/settings/token-exchange-apps`), token governance
 * (`/api/organizations/{name}/settings/tokens`, `…/token-policy`), the two-factor requirement
 * (`…/settings/two-factor`) and service accounts
 * (`/api/organizations/{name}/settings/service-accounts`). Needs IdentityModule, DatabaseModule
 * and the platform; exports TokenExchangeService for the in-process grant client and
 * JobTokenService for the all-in-one's delivery worker.
 */
@Module({})
export class TokenExchangeServiceModule {
  static forRoot(options: TokenExchangeServiceOptions): DynamicModule {
    return {
      module: TokenExchangeServiceModule,
      controllers: [
        InternalTokenExchangeController,
        InternalAuthorizeController,
        InternalJobTokensController,
        AuditLogController,
        OrganizationSettingsController,
        OrganizationTwoFactorController,
        TokenGovernanceController,
        ServiceAccountsController,
      ],
      providers: [
        { provide: TOKEN_EXCHANGE_OPTIONS, useValue: options },
        { provide: AuditLogStore, useClass: TypeOrmAuditLogStore },
        {
          provide: AuditSeal,
          useFactory: (identity: IdentityOptions) =>
            AuditSeal.fromEncryptionKey(identity.encryptionKey),
          inject: [IDENTITY_OPTIONS],
        },
        { provide: OrganizationDirectory, useClass: TypeOrmOrganizationDirectory },
        { provide: ServiceAccountStore, useClass: TypeOrmServiceAccountStore },
        { provide: TrustedPublisherStore, useClass: TypeOrmTrustedPublisherStore },
        { provide: OrganizationTokenStore, useClass: SqlOrganizationTokenStore },
        { provide: JobTokenStore, useClass: TypeOrmJobTokenStore },
        { provide: JwksFetcher, useClass: SafeJwksFetcher },
        { provide: CiTokenVerifier, useClass: JoseCiTokenVerifier },
        AuditRecorder,
        AuditLogReader,
        OrganizationAdminGate,
        OrganizationSettingsService,
        OrganizationTwoFactorService,
        TokenGovernanceService,
        ServiceAccountsService,
        UserEmailExchange,
        TrustedPublisherExchange,
        TokenExchangeService,
        AccessDecisionService,
        JobTokenService,
      ],
      exports: [TokenExchangeService, JobTokenService],
    };
  }
}
