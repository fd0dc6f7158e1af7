/**
 * A registered OAuth app, as the ports over the `oauth_apps` table speak of it (docs/oauth.md "Apps").
 * `clientSecretHash === null` means a public app; exactly one of `ownerUserId` and `ownerOrgId` is set.
 */
export interface OAuthAppRecord {
  id: string;
  clientId: string;
  name: string;
  ownerUserId: string | null;
  ownerOrgId: string | null;
  clientSecretHash: string | null;
  redirectUris: string[];
  scopes: string[];
  logoUri: string | null;
  homepageUrl: string | null;
  /** Where the app may ask to be sent after an RP-initiated logout (exact match). */
  postLogoutRedirectUris: string[];
  /** Where logout tokens are POSTed (OpenID Connect Back-Channel Logout 1.0); null: none. */
  backchannelLogoutUri: string | null;
  /** The app needs `sid` in its logout tokens (and gets it in id_tokens). */
  backchannelLogoutSessionRequired: boolean;
  accessTokenTtlSeconds: number;
  tokenExchange: boolean;
  boundOrgId: string | null;
  tokenExchangeTtlSeconds: number | null;
  createdAt: Date;
  updatedAt: Date;
}
