import type { ApiDescription } from '@gatehouse/platform';
import { ACCOUNTS_API } from './accounts/accounts-openapi';
import { ADMIN_API } from './admin/admin-openapi';
import { OAUTH_APPS_API } from './apps/oauth-apps-openapi';
import { CONNECTED_APPLICATIONS_API } from './connected-applications/connected-applications-openapi';
import { DEVICE_AUTHORIZATION_API } from './device/device-authorization-openapi';
import { DISCOVERY_API } from './discovery/discovery-openapi';
import { INTROSPECTION_API } from './introspection/introspection-openapi';
import { JWKS_API } from './keys/jwks-openapi';
import { LEAKED_CREDENTIALS_API } from './leaked-credentials/leaked-credentials-openapi';
import { LEAKED_TOKEN_NOTICES_API } from './leaked-credentials/leaked-token-notices-openapi';
import { LOGOUT_API } from './logout/logout-openapi';
import { PAGES_API } from './pages/pages-openapi';
import { PERSONAL_TOKENS_API } from './personal-tokens/personal-tokens-openapi';
import { REVOCATION_API } from './revocation/revocation-openapi';
import { SECOND_FACTORS_API } from './second-factors/second-factors-openapi';
import { SESSION_API } from './session/session-openapi';
import { TOKEN_ENDPOINT_API } from './token-endpoint/token-endpoint-openapi';
import { USERINFO_API } from './userinfo/userinfo-openapi';
import { WHOAMI_API } from './whoami/whoami-openapi';

/** The descriptions of the lib's public routes, for `OpenApiModule` (docs/openapi.md). */
export const AUTH_OPENAPI: readonly ApiDescription[] = [
  WHOAMI_API,
  SESSION_API,
  PERSONAL_TOKENS_API,
  OAUTH_APPS_API,
  CONNECTED_APPLICATIONS_API,
  LEAKED_CREDENTIALS_API,
  LEAKED_TOKEN_NOTICES_API,
  DISCOVERY_API,
  TOKEN_ENDPOINT_API,
  DEVICE_AUTHORIZATION_API,
  REVOCATION_API,
  INTROSPECTION_API,
  USERINFO_API,
  JWKS_API,
  PAGES_API,
  LOGOUT_API,
  ACCOUNTS_API,
  ADMIN_API,
  SECOND_FACTORS_API,
];
