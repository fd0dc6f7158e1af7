/** Port over the token tables for pruning: batched deletes, no transaction of the caller's. */
export abstract class ExpiredTokenStore {
  /** Deletes up to `limit` access tokens that expired before `before`; returns how many. */
  abstract pruneAccessTokens(before: Date, limit: number): Promise<number>;
  /** Deletes up to `limit` refresh tokens that expired before `before`; returns how many. */
  abstract pruneRefreshTokens(before: Date, limit: number): Promise<number>;
  /** Deletes up to `limit` Job webhooks' tokens (personal tokens minted per launch) that expired before `before`. */
  abstract pruneJobTokens(before: Date, limit: number): Promise<number>;
}
