import { DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '@gatehouse/domain';
import type { OAuthAppRecord } from '../clients/ports/oauth-app-record';

/**
 * Test data for the OAuth app (a registered client). Every field a test does not name is what an
 * app created through the settings API with a name alone holds (a public app with no redirect URI
 * or scope, the domain's default token lifetime, no token exchange), so a new optional field of
 * the app touches only the tests about it.
 */
export function anOAuthAppRecord(overrides: Partial<OAuthAppRecord> = {}): OAuthAppRecord {
  return {
    id: 'app000000000000000000001',
    clientId: 'test-app',
    name: 'Test app',
    ownerUserId: null,
    ownerOrgId: null,
    clientSecretHash: null,
    redirectUris: [],
    scopes: [],
    logoUri: null,
    homepageUrl: null,
    postLogoutRedirectUris: [],
    backchannelLogoutUri: null,
    backchannelLogoutSessionRequired: false,
    accessTokenTtlSeconds: DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
    tokenExchange: false,
    boundOrgId: null,
    tokenExchangeTtlSeconds: null,
    createdAt: new Date(Date.UTC(2025, 0, 1)),
    updatedAt: new Date(Date.UTC(2025, 0, 1)),
    ...overrides,
  };
}
