// Service side (apps/token-exchange, and the all-in-one through the in-process grant)
export { TokenExchangeServiceModule } from './token-exchange-service.module';
export { TokenExchangeGrantModule } from './grant/token-exchange-grant.module';
export { JobTokenService } from './job-tokens/job-token.service';
export { ORGANIZATION_TWO_FACTOR_API } from './settings/organization-two-factor-openapi';
export {
  type OrganizationAuditVerification,
  verifyOrganizationAuditLog,
} from './audit/infrastructure/verify-organization-audit-log';
