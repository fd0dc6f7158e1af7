import type { OAuthAppRecord } from '@gatehouse/identity';

/** An app as the settings API shows it. The secret is never shown again, only whether there is one. */
export interface OAuthAppView {
  id: string;
  clientId: string;
  name: string;
  owner: { type: 'user' | 'org'; name: string };
  redirectUris: string[];
  scopes: string[];
  logoUri: string | null;
  homepageUrl: string | null;
  /** No client secret: the app authenticates with PKCE alone (docs/oauth.md "Client authentication"). */
  public: boolean;
  accessTokenTtlSeconds: number;
  /** Set up by the platform's support (docs/oauth.md "Apps"), read-only here. */
  tokenExchange: boolean;
  createdAt: string;
  updatedAt: string;
}

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
    public: app.clientSecretHash === null,
    accessTokenTtlSeconds: app.accessTokenTtlSeconds,
    tokenExchange: app.tokenExchange,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}
