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
  accessTokenTtlSeconds: number;
  tokenExchange: boolean;
  boundOrgId: string | null;
  tokenExchangeTtlSeconds: number | null;
  createdAt: Date;
  updatedAt: Date;
}
