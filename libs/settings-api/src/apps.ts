/** An app as `GET /api/settings/apps` shows it. The secret is never shown again, only whether there is one. */
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
