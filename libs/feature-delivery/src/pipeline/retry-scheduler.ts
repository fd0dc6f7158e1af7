import type { Clock } from '@gatehouse/domain';
import type { Logger } from 'pino';
import { DeliveryMetrics } from '../metrics/delivery-metrics';
import { DeliveryDispatcher } from './delivery-dispatcher';
import type { DeliverySettings } from './delivery-settings';
import { DeliveryStore } from './ports/delivery.store';
import { type DeliveryTask, laneOf } from './delivery-task';

export interface RetrySchedulerOptions {
  /** How often an idle scheduler looks for due deliveries. */
  pollIntervalMs: number;
  /** Deliveries claimed per query. */
  batchSize: number;
  /** How often the retries-pending gauge is refreshed. */
  gaugeIntervalMs: number;
}

const DEFAULT_RETRY_SCHEDULER_OPTIONS: RetrySchedulerOptions = {
  pollIntervalMs: 1_000,
  batchSize: 100,
  gaugeIntervalMs: 15_000,
};

/**
 * Retries outside the consumer: a due-time table, `deliveries.next_attempt_at`,
 * polled with `FOR UPDATE SKIP LOCKED` so that replicas share the work without taking the same
 * row. A claimed delivery is leased (its `next_attempt_at` moved to the lease's end) and handed to
 * the dispatcher; should this process die, the lease runs out and any replica claims it again.
 * The same poll picks up first attempts whose process died before making them.
 *
 * A table rather than Kafka retry-tier topics: a retry can be cancelled (webhook disabled or
 * deleted) with one UPDATE, waits exactly its own jittered or Retry-After delay instead of its
 * tier's, shows in the activity view with its due time, and is counted for the gauge with one
 * query; a tier topic can do none of these, and its consumer blocks on the head of each partition.
 */
export class RetryScheduler {
  private loop?: Promise<void>;
  private stopping = false;
  private wake?: () => void;
  private lastGaugeAt = 0;

  constructor(
    private readonly ports: {
      store: DeliveryStore;
      dispatcher: DeliveryDispatcher<DeliveryTask>;
      metrics: DeliveryMetrics;
      clock: Clock;
      logger: Pick<Logger, 'error'>;
    },
    private readonly settings: Pick<DeliverySettings, 'leaseMs'>,
    private readonly options: RetrySchedulerOptions = DEFAULT_RETRY_SCHEDULER_OPTIONS,
  ) {}

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  /** Claims and dispatches one batch of due deliveries; returns how many. */
  async pollOnce(): Promise<number> {
    const { store, dispatcher, clock } = this.ports;
    await dispatcher.waitForRoom();
    const now = clock.now();
    const claimed = await store.claimDue(
      new Date(now),
      this.options.batchSize,
      new Date(now + this.settings.leaseMs),
    );
    for (const delivery of claimed) {
      const task: DeliveryTask = {
        deliveryId: delivery.id,
        webhookId: delivery.webhookId,
        eventId: delivery.eventId,
        payload: delivery.payload,
        attempts: delivery.attempts,
        lease: delivery.lease,
      };
      dispatcher.enqueue({ lane: laneOf(task), task });
    }
    if (now - this.lastGaugeAt >= this.options.gaugeIntervalMs) {
      this.lastGaugeAt = now;
      this.ports.metrics.setRetriesPending(await store.countRetrying());
    }
    return claimed.length;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let claimed = 0;
      try {
        claimed = await this.pollOnce();
      } catch (error) {
        this.ports.logger.error({ err: error }, 'retry scheduler poll failed');
      }
      if (this.stopping) break;
      // A full batch means more may be due: poll again at once.
      if (claimed < this.options.batchSize) await this.sleep(this.options.pollIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
