import type { ApiDescription } from '@gatehouse/platform';
import { ACCOUNTS_API } from './accounts/accounts-openapi';
import { ADMIN_API } from './admin/admin-openapi';
import { JWKS_API } from './keys/jwks-openapi';
import { LEAKED_CREDENTIALS_API } from './leaked-credentials/leaked-credentials-openapi';
import { LOGOUT_API } from './logout/logout-openapi';
import { PAGES_API } from './pages/pages-openapi';
import { REVOCATION_API } from './revocation/revocation-openapi';
import { SESSION_API } from './session/session-openapi';
import { TOKEN_ENDPOINT_API } from './token-endpoint/token-endpoint-openapi';
import { WHOAMI_API } from './whoami/whoami-openapi';

/** The descriptions of the lib's public routes, for `OpenApiModule` (docs/openapi.md). */
export const AUTH_OPENAPI: readonly ApiDescription[] = [
  WHOAMI_API,
  SESSION_API,
  LEAKED_CREDENTIALS_API,
  TOKEN_ENDPOINT_API,
  REVOCATION_API,
  JWKS_API,
  PAGES_API,
  LOGOUT_API,
  ACCOUNTS_API,
  ADMIN_API,
];
