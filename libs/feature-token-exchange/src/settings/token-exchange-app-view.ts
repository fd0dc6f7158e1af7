import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '@gatehouse/domain';
import type { TokenExchangeAppView } from '@gatehouse/settings-api';
import type { TokenExchangeAppRecord } from '../organizations/ports/organization-directory';

export function tokenExchangeAppView(app: TokenExchangeAppRecord): TokenExchangeAppView {
  return {
    clientId: app.clientId,
    name: app.name,
    scopes: [...app.scopes],
    tokenDurationSeconds: app.tokenExchangeTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    hasClientSecret: app.clientSecretHash !== null,
    updatedAt: app.updatedAt.toISOString(),
  };
}
