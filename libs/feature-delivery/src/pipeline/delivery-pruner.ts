import type { Clock } from '@gatehouse/domain';
import type { Logger } from 'pino';
import { DeliveryStore } from './delivery-store';

export interface DeliveryPrunerOptions {
  /** How long a finished delivery stays in the activity history (GATEHOUSE_DELIVERY_RETENTION_DAYS). */
  retentionMs: number;
  /** How often to prune; the first run is at start. */
  intervalMs: number;
  /** Rows deleted per statement, so no statement holds many locks for long. */
  batchSize: number;
}

/** Published outbox rows are kept only to look into a recent relay problem. */
export const SENT_OUTBOX_RETENTION_MS = 24 * 3_600_000;
export const DEFAULT_PRUNE_INTERVAL_MS = 3_600_000;
export const DEFAULT_PRUNE_BATCH_SIZE = 1_000;

/**
 * Keeps the worker's tables bounded: finished deliveries older than the retention (their
 * attempts and Job runs with them) and outbox rows published more than a day ago are deleted in
 * batches, at start and then on a timer. Deliveries still pending or retrying are never pruned,
 * whatever their age.
 */
export class DeliveryPruner {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopping = false;

  constructor(
    private readonly ports: { store: DeliveryStore; clock: Clock; logger: Pick<Logger, 'info' | 'warn'> },
    private readonly options: DeliveryPrunerOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    const run = () => {
      this.running ??= this.pruneOnce()
        .catch((error: unknown) => this.ports.logger.warn({ err: error }, 'pruning finished deliveries failed; trying again at the next interval'))
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

  /** Prunes until nothing older than the retention is left; returns the rows deleted. */
  async pruneOnce(): Promise<{ deliveries: number; outbox: number }> {
    const { store, clock } = this.ports;
    const now = clock.now();
    const deliveries = await this.drain((limit) => store.pruneFinished(new Date(now - this.options.retentionMs), limit));
    const outbox = await this.drain((limit) => store.pruneSentOutbox(new Date(now - SENT_OUTBOX_RETENTION_MS), limit));
    if (deliveries + outbox > 0) this.ports.logger.info({ deliveries, outbox, retentionMs: this.options.retentionMs }, 'pruned finished deliveries and published outbox rows');
    return { deliveries, outbox };
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
