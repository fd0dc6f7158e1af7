import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What happened to a delivery, counted once per decision. */
export type DeliveryOutcome =
  'succeeded' | 'retry_scheduled' | 'failed' | 'rate_limited' | 'cancelled';
/** `unknown` for deliveries cancelled with their webhook. */
export type DeliveryTargetKind = 'url' | 'job' | 'unknown';

/**
 * The delivery worker's metrics, on the platform registry (`/metrics`):
 * - `gatehouse_webhook_deliveries_total{outcome,target}`: deliveries by outcome;
 * - `gatehouse_webhook_delivery_attempt_duration_seconds{target,result}`: attempt latency;
 * - `gatehouse_webhook_event_to_delivery_seconds{target}`: event time to a first attempt that succeeded;
 * - `gatehouse_webhook_consumer_lag_seconds{partition}`: age of each repo event when handled;
 * - `gatehouse_webhook_delivery_retries_pending`: deliveries waiting for a retry;
 * - `gatehouse_webhook_dispatch_queue_depth`: attempts queued in this process;
 * - `gatehouse_webhook_auto_disabled_total{reason}`: webhooks this process disabled automatically.
 */
export class DeliveryMetrics {
  private readonly deliveries: Counter<'outcome' | 'target'>;
  private readonly attemptDuration: Histogram<'target' | 'result'>;
  private readonly eventToDelivery: Histogram<'target'>;
  private readonly consumerLag: Gauge<'partition'>;
  private readonly retriesPending: Gauge;
  private readonly queueDepth: Gauge;
  private readonly autoDisabled: Counter<'reason'>;

  constructor(registry: Registry) {
    this.deliveries = new Counter({
      name: 'gatehouse_webhook_deliveries_total',
      help: 'Webhook deliveries by outcome: succeeded, retry_scheduled, failed (dead-lettered), rate_limited, cancelled',
      labelNames: ['outcome', 'target'],
      registers: [registry],
    });
    this.attemptDuration = new Histogram({
      name: 'gatehouse_webhook_delivery_attempt_duration_seconds',
      help: 'Duration of one delivery attempt (HTTP POST or Job start)',
      labelNames: ['target', 'result'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers: [registry],
    });
    this.eventToDelivery = new Histogram({
      name: 'gatehouse_webhook_event_to_delivery_seconds',
      help: 'Time from a repo event to its delivery, for deliveries that succeed at the first attempt',
      labelNames: ['target'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600],
      registers: [registry],
    });
    this.consumerLag = new Gauge({
      name: 'gatehouse_webhook_consumer_lag_seconds',
      help: 'Age of the repo event last handled on each partition, at the time it was handled',
      labelNames: ['partition'],
      registers: [registry],
    });
    this.retriesPending = new Gauge({
      name: 'gatehouse_webhook_delivery_retries_pending',
      help: 'Deliveries waiting for their next try (status retrying)',
      registers: [registry],
    });
    this.queueDepth = new Gauge({
      name: 'gatehouse_webhook_dispatch_queue_depth',
      help: 'Delivery attempts queued in this worker process',
      registers: [registry],
    });
    this.autoDisabled = new Counter({
      name: 'gatehouse_webhook_auto_disabled_total',
      help: 'Webhooks disabled automatically: the receiver said the endpoint is gone (gone), or every delivery failed for the whole window (failing)',
      labelNames: ['reason'],
      registers: [registry],
    });
  }

  delivery(outcome: DeliveryOutcome, target: DeliveryTargetKind, count = 1): void {
    this.deliveries.inc({ outcome, target }, count);
  }

  attempt(target: DeliveryTargetKind, result: 'success' | 'failure', durationMs: number): void {
    this.attemptDuration.observe({ target, result }, durationMs / 1000);
  }

  delivered(target: DeliveryTargetKind, eventTime: number, now: number): void {
    if (Number.isFinite(eventTime))
      this.eventToDelivery.observe({ target }, Math.max(0, now - eventTime) / 1000);
  }

  lag(partition: number, appendedAt: number, now: number): void {
    this.consumerLag.set({ partition: String(partition) }, Math.max(0, now - appendedAt) / 1000);
  }

  setRetriesPending(count: number): void {
    this.retriesPending.set(count);
  }

  setQueueDepth(depth: number): void {
    this.queueDepth.set(depth);
  }

  webhookAutoDisabled(reason: 'gone' | 'failing'): void {
    this.autoDisabled.inc({ reason });
  }
}
