import type { Clock } from '@gatehouse/domain';
import { PeriodicPruner, type PeriodicPrunerOptions } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { DeliveryStore } from './ports/delivery.store';

export interface DeliveryPrunerOptions extends Omit<PeriodicPrunerOptions, 'subject'> {
  /** How long a finished delivery stays in the activity history (GATEHOUSE_DELIVERY_RETENTION_DAYS). */
  retentionMs: number;
}

/** Published outbox rows are kept only to look into a recent relay problem. */
const SENT_OUTBOX_RETENTION_MS = 24 * 3_600_000;
export const DEFAULT_PRUNE_INTERVAL_MS = 3_600_000;
export const DEFAULT_PRUNE_BATCH_SIZE = 1_000;

/**
 * Keeps the worker's tables bounded: finished deliveries older than the retention (their
 * attempts and Job runs with them) and outbox rows published more than a day ago are deleted in
 * batches, at start and then on a timer. Deliveries still pending or retrying are never pruned,
 * whatever their age.
 */
export class DeliveryPruner extends PeriodicPruner<'deliveries' | 'outbox'> {
  constructor(
    ports: { store: DeliveryStore; clock: Clock; logger: Pick<Logger, 'info' | 'warn'> },
    options: DeliveryPrunerOptions,
  ) {
    const { store } = ports;
    super(
      {
        deliveries: {
          retentionMs: options.retentionMs,
          prune: (before, limit) => store.pruneFinished(before, limit),
        },
        outbox: {
          retentionMs: SENT_OUTBOX_RETENTION_MS,
          prune: (before, limit) => store.pruneSentOutbox(before, limit),
        },
      },
      ports,
      {
        intervalMs: options.intervalMs,
        batchSize: options.batchSize,
        subject: 'finished deliveries and published outbox rows',
      },
    );
  }
}
