import type { ApiDescription } from '@gatehouse/platform';
import { AUDIT_LOG_API } from './audit/audit-log-openapi';
import { ORGANIZATION_TWO_FACTOR_API } from './settings/organization-two-factor-openapi';
import { SERVICE_ACCOUNTS_API } from './service-accounts/service-accounts-openapi';
import { TOKEN_EXCHANGE_APPS_API } from './settings/token-exchange-apps-openapi';
import { TOKEN_GOVERNANCE_API } from './token-governance/token-governance-openapi';

/** The descriptions of the token-exchange service's public routes, for `OpenApiModule` (docs/openapi.md). */
export const TOKEN_EXCHANGE_OPENAPI: readonly ApiDescription[] = [
  TOKEN_EXCHANGE_APPS_API,
  TOKEN_GOVERNANCE_API,
  SERVICE_ACCOUNTS_API,
  AUDIT_LOG_API,
  ORGANIZATION_TWO_FACTOR_API,
];
