import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '@gatehouse/domain';
import type { ConnectedApplicationView, OAuthAppView } from '@gatehouse/settings-api';

/**
 * An app as the settings API answers it (`GET /api/settings/apps`), with `overrides` on top. What a
 * test does not name is what `anOAuthAppRecord` (`@gatehouse/identity/testing`) holds, as its
 * user-owned app: public, no redirect URI or scope, the domain's default token lifetime. So a new
 * optional field of the app view touches only the tests about it.
 */
export function anOAuthAppView(overrides: Partial<OAuthAppView> = {}): OAuthAppView {
  return {
    id: 'app000000000000000000001',
    clientId: 'test-app',
    name: 'Test app',
    owner: { type: 'user', name: 'alice' },
    redirectUris: [],
    scopes: [],
    logoUri: null,
    homepageUrl: null,
    postLogoutRedirectUris: [],
    backchannelLogoutUri: null,
    backchannelLogoutSessionRequired: false,
    public: true,
    accessTokenTtlSeconds: DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    tokenExchange: false,
    createdAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
    updatedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
    ...overrides,
  };
}

/**
 * An app connected to the user as `GET /api/settings/connected-applications` lists it, with
 * `overrides` on top: `anOAuthAppRecord`'s app, granted its scopes for no organization, never used.
 */
export function aConnectedApplicationView(
  overrides: Partial<ConnectedApplicationView> = {},
): ConnectedApplicationView {
  return {
    clientId: 'test-app',
    name: 'Test app',
    logoUrl: null,
    homepageUrl: null,
    scopes: [],
    organizations: [],
    grantedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
    lastTokenIssuedAt: null,
    ...overrides,
  };
}
