import type { Transaction } from '@gatehouse/identity';

/** The OAuth tokens through which a user is still signed in to apps. */
export interface LiveOAuthTokens {
  /** Refresh token families with a live token: revoking a family revokes its access tokens. */
  refreshFamilyIds: string[];
  /** Live access tokens outside those families (issued without a refresh token). */
  accessTokenIds: string[];
}

/** What "sign out everywhere" has to revoke, read in the caller's transaction. */
export abstract class LiveSignInsReader {
  abstract liveOAuthTokensOf(tx: Transaction, userId: string, now: Date): Promise<LiveOAuthTokens>;
}
