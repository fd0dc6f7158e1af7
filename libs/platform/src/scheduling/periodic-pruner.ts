import type { Clock } from '@gatehouse/domain';

/** One kind of row a pruner deletes: how old it may get, and one batch delete. */
export interface PrunedTable {
  /** Rows older than now minus this are deleted. */
  retentionMs: number;
  /** Deletes at most `limit` rows older than `before`; returns how many it deleted. */
  prune(before: Date, limit: number): Promise<number>;
}

export interface PeriodicPrunerOptions {
  /** How often to prune; the first run is at start. */
  intervalMs: number;
  /** Rows deleted per statement, so no statement holds many locks for long. */
  batchSize: number;
  /** What is pruned, for the log lines (`expired tokens`). */
  subject: string;
}

export interface PrunerLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * Keeps tables bounded: at start and then on a timer, deletes each table's rows older than its
 * retention, batch after batch until none is left (or the process stops). A failed run is logged
 * and tried again at the next interval; runs never overlap.
 */
export class PeriodicPruner<K extends string> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopping = false;

  constructor(
    private readonly tables: Record<K, PrunedTable>,
    private readonly ports: { clock: Clock; logger: PrunerLogger },
    private readonly options: PeriodicPrunerOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    this.stopping = false;
    const run = () => {
      this.running ??= this.pruneOnce()
        .catch((error: unknown) =>
          this.ports.logger.warn(
            { err: error },
            `pruning ${this.options.subject} failed; trying again at the next interval`,
          ),
        )
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

  /** Prunes every table until nothing older than its retention is left; returns the rows deleted per table. */
  async pruneOnce(): Promise<Record<K, number>> {
    const now = this.ports.clock.now();
    const deleted = {} as Record<K, number>;
    for (const name of Object.keys(this.tables) as K[]) {
      const table = this.tables[name];
      deleted[name] = await this.drain((limit) =>
        table.prune(new Date(now - table.retentionMs), limit),
      );
    }
    if (Object.values<number>(deleted).some((count) => count > 0)) {
      // The first table is what the pruner is for (its retention is the configured one).
      const [main] = Object.values<PrunedTable>(this.tables);
      this.ports.logger.info(
        { ...deleted, retentionMs: main?.retentionMs },
        `pruned ${this.options.subject}`,
      );
    }
    return deleted;
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
