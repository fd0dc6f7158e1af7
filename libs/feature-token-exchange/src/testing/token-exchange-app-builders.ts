import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '@gatehouse/domain';
import type { TokenExchangeAppView } from '@gatehouse/settings-api';

/**
 * A token-exchange app as its organization's administrators see it, with `overrides` on top: what
 * is not named is `anOAuthAppRecord`'s app (`@gatehouse/identity/testing`), with the domain's
 * default token duration. A new optional field of the view touches only the tests about it.
 */
export function aTokenExchangeAppView(
  overrides: Partial<TokenExchangeAppView> = {},
): TokenExchangeAppView {
  return {
    clientId: 'test-app',
    name: 'Test app',
    scopes: [],
    tokenDurationSeconds: DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    hasClientSecret: false,
    updatedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
    ...overrides,
  };
}
