import { type Clock, buildPayloadV3 } from '@gatehouse/domain';
import type { IncomingMessage } from '@gatehouse/messaging';
import { repoChangedEvent } from '../contracts/repo-changed.event';
import { DeliveryMetrics } from '../metrics/delivery-metrics';
import { SubscriptionRegistry } from '../subscriptions/subscription-registry';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { DeliveryIds } from './delivery-ids';
import type { DeliverySettings } from './delivery-settings';
import { DeliveryStore, NewDelivery } from './delivery-store';
import { type DeliveryTask, laneOf } from './delivery-task';
import { TriggerLimiter } from './trigger-limiter';

export interface RepoEventIntakePorts {
  registry: SubscriptionRegistry;
  store: DeliveryStore;
  limiter: TriggerLimiter;
  dispatcher: DeliveryDispatcher<DeliveryTask>;
  metrics: DeliveryMetrics;
  clock: Clock;
  ids: DeliveryIds;
}

/**
 * The repo-events consumer's handler. It matches the event in memory,
 * records one delivery per matched webhook (rate-limited ones as `rate_limited`) in one statement
 * that skips those already recorded (unique webhook + event: a redelivered event is never
 * delivered twice), and hands the new ones to the dispatcher under a lease. It resolves only
 * then, so the bus commits the offset after the deliveries are durable; a crash before that
 * replays the event, a crash after leaves the leased deliveries to the retry scheduler.
 * Invalid events throw InvalidEventError: the bus retries, then dead-letters them.
 */
export class RepoEventIntake {
  constructor(
    private readonly ports: RepoEventIntakePorts,
    private readonly settings: Pick<DeliverySettings, 'publicUrl' | 'leaseMs'>,
  ) {}

  async handle(message: IncomingMessage): Promise<void> {
    const { registry, store, limiter, dispatcher, metrics, clock, ids } = this.ports;
    const event = repoChangedEvent.decode(message).data;
    const now = clock.now();
    metrics.lag(message.partition, message.timestamp, now);
    // A webhook whose create call returned before this event was published must be matched.
    await registry.catchUpTo(message.timestamp);
    const webhooks = registry.match(event);
    if (webhooks.length === 0) return;

    const lease = new Date(now + this.settings.leaseMs);
    const decisions = await Promise.all(webhooks.map((webhook) => limiter.check(webhook.id, now)));
    const rows: NewDelivery[] = webhooks.map((webhook, index) => {
      const allowed = decisions[index]!.allowed;
      return {
        id: ids.next(now),
        webhookId: webhook.id,
        eventId: event.id,
        payload: buildPayloadV3(event, { id: webhook.id }, { publicBaseUrl: this.settings.publicUrl }) as unknown as Record<string, unknown>,
        status: allowed ? 'pending' : 'rate_limited',
        nextAttemptAt: allowed ? lease : null,
        replayOf: null,
        ...(allowed ? {} : { lastError: `over the limit of ${decisions[index]!.limit} triggers per 24 hours` }),
      };
    });
    const inserted = await store.insert(rows, new Date(now));
    const eventTime = Date.parse(event.time);
    for (const [index, row] of rows.entries()) {
      if (!inserted.has(row.id)) continue;
      const target = webhooks[index]!.target.kind;
      if (row.status === 'rate_limited') {
        metrics.delivery('rate_limited', target);
        continue;
      }
      limiter.record(row.webhookId, now);
      const task: DeliveryTask = { deliveryId: row.id, webhookId: row.webhookId, eventId: row.eventId, payload: row.payload, attempts: 0, lease, eventTime };
      dispatcher.enqueue({ lane: laneOf(task), task });
    }
    await dispatcher.waitForRoom();
  }
}
