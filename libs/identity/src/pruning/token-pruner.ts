import type { Clock } from '@gatehouse/domain';
import { ExpiredTokenStore } from './expired-token-store';

export interface TokenPrunerOptions {
  /** How long an expired token stays before it is deleted (GATEHOUSE_TOKEN_RETENTION_DAYS). */
  retentionMs: number;
  /** How often to prune; the first run is at start. */
  intervalMs: number;
  /** Rows deleted per statement, so no statement holds many locks for long. */
  batchSize: number;
}

export const DEFAULT_TOKEN_PRUNE_INTERVAL_MS = 3_600_000;
export const DEFAULT_TOKEN_PRUNE_BATCH_SIZE = 1_000;

interface PrunerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Keeps the token tables bounded (docs/oauth.md "Token formats and lifetimes"): access and refresh
 * tokens that expired longer ago than the retention are deleted in batches, at start and then on
 * a timer. An expired token is refused whether its row exists or not; the retention keeps recent
 * ones for looking into a problem, and a rotated refresh token presented again within it still
 * revokes its grant. Device codes live in flow state, which expires them by itself.
 */
export class TokenPruner {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopping = false;

  constructor(
    private readonly ports: { store: ExpiredTokenStore; clock: Clock; logger: PrunerLogger },
    private readonly options: TokenPrunerOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    const run = () => {
      this.running ??= this.pruneOnce()
        .catch((error: unknown) => this.ports.logger.warn({ err: error }, 'pruning expired tokens failed; trying again at the next interval'))
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(run, this.options.intervalMs);
    this.timer.unref();
    run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Prunes until no token expired longer ago than the retention is left; returns the rows deleted. */
  async pruneOnce(): Promise<{ accessTokens: number; refreshTokens: number }> {
    const { store, clock } = this.ports;
    const before = new Date(clock.now() - this.options.retentionMs);
    const accessTokens = await this.drain((limit) => store.pruneAccessTokens(before, limit));
    const refreshTokens = await this.drain((limit) => store.pruneRefreshTokens(before, limit));
    if (accessTokens + refreshTokens > 0) {
      this.ports.logger.info({ accessTokens, refreshTokens, retentionMs: this.options.retentionMs }, 'pruned expired tokens');
    }
    return { accessTokens, refreshTokens };
  }

  private async drain(prune: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await prune(this.options.batchSize);
      total += deleted;
      if (deleted < this.options.batchSize || this.stopping) return total;
    }
  }
}
