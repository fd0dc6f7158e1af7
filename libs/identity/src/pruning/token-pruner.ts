import type { Clock } from '@gatehouse/domain';
import { PeriodicPruner, type PeriodicPrunerOptions, type PrunerLogger } from '@gatehouse/platform';
import { ExpiredTokenStore } from './ports/expired-token.store';

export interface TokenPrunerOptions extends Omit<PeriodicPrunerOptions, 'subject'> {
  /** How long an expired token stays before it is deleted (GATEHOUSE_TOKEN_RETENTION_DAYS). */
  retentionMs: number;
}

export const DEFAULT_TOKEN_PRUNE_INTERVAL_MS = 3_600_000;
export const DEFAULT_TOKEN_PRUNE_BATCH_SIZE = 1_000;

/**
 * Keeps the token tables bounded (docs/oauth.md "Token formats and lifetimes"): access and refresh
 * tokens that expired longer ago than the retention are deleted in batches, at start and then on
 * a timer. An expired token is refused whether its row exists or not; the retention keeps recent
 * ones for looking into a problem, and a rotated refresh token presented again within it still
 * revokes its grant. The tokens minted for Job webhooks' launches (personal tokens named
 * `Job webhook …`, one per launch) go the same way; other personal tokens stay until their owner
 * deletes them. Device codes live in flow state, which expires them by itself.
 */
export class TokenPruner extends PeriodicPruner<'accessTokens' | 'refreshTokens' | 'jobTokens'> {
  constructor(
    ports: { store: ExpiredTokenStore; clock: Clock; logger: PrunerLogger },
    options: TokenPrunerOptions,
  ) {
    const { store } = ports;
    super(
      {
        accessTokens: {
          retentionMs: options.retentionMs,
          prune: (before, limit) => store.pruneAccessTokens(before, limit),
        },
        refreshTokens: {
          retentionMs: options.retentionMs,
          prune: (before, limit) => store.pruneRefreshTokens(before, limit),
        },
        jobTokens: {
          retentionMs: options.retentionMs,
          prune: (before, limit) => store.pruneJobTokens(before, limit),
        },
      },
      ports,
      { intervalMs: options.intervalMs, batchSize: options.batchSize, subject: 'expired tokens' },
    );
  }
}
