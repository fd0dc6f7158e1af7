/**
 * One of the user's tokens, reported leaked (`POST /api/credentials/revoke`) and revoked, as
 * `GET /api/settings/token-notices` lists it until dismissed.
 */
export interface LeakedTokenNoticeView {
  id: string;
  /** `personal`: a personal access token; `access`, `refresh`: an OAuth app's token. */
  tokenKind: 'personal' | 'access' | 'refresh';
  tokenId: string;
  /** The personal token's name, or the OAuth app's name. */
  tokenName: string | null;
  /** The OAuth app's client id; null for a personal token. */
  clientId: string | null;
  reportedAt: string;
  revokedAt: string;
}
