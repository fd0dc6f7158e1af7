import type { OAuthAppRecord } from '@gatehouse/identity';
import type { OAuthAppView } from '@gatehouse/settings-api';

export function oauthAppView(app: OAuthAppRecord, owner: OAuthAppView['owner']): OAuthAppView {
  return {
    id: app.id,
    clientId: app.clientId,
    name: app.name,
    owner,
    redirectUris: [...app.redirectUris],
    scopes: [...app.scopes],
    logoUri: app.logoUri,
    homepageUrl: app.homepageUrl,
    postLogoutRedirectUris: [...app.postLogoutRedirectUris],
    backchannelLogoutUri: app.backchannelLogoutUri,
    backchannelLogoutSessionRequired: app.backchannelLogoutSessionRequired,
    public: app.clientSecretHash === null,
    accessTokenTtlSeconds: app.accessTokenTtlSeconds,
    tokenExchange: app.tokenExchange,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}
