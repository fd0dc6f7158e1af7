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
  /** Where an RP-initiated logout may send the browser back to (`post_logout_redirect_uri`, exact match). */
  postLogoutRedirectUris: string[];
  /** Where logout tokens are POSTed when the user signs out (OpenID Connect Back-Channel Logout 1.0). */
  backchannelLogoutUri: string | null;
  /** Logout tokens (and id_tokens) carry the sign-in session's `sid`. */
  backchannelLogoutSessionRequired: boolean;
  /** No client secret: the app authenticates with PKCE alone (docs/oauth.md "Client authentication"). */
  public: boolean;
  accessTokenTtlSeconds: number;
  /** Set up by the platform's support (docs/oauth.md "Apps"), read-only here. */
  tokenExchange: boolean;
  createdAt: string;
  updatedAt: string;
}
