import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '@gatehouse/domain';
import type { TokenExchangeAppRecord } from '../organizations/ports/organization-directory';

/** A token-exchange app as its organization's administrators see it in the settings API. */
export interface TokenExchangeAppView {
  clientId: string;
  name: string;
  scopes: string[];
  /** Lifetime of the tokens the app exchanges (docs/oauth.md "Token formats and lifetimes": default 8 hours, at most 30 days). */
  tokenDurationSeconds: number;
  hasClientSecret: boolean;
  updatedAt: string;
}

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
