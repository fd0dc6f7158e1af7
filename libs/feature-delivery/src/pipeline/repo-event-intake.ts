import { repoChangedEvent } from '@gatehouse/messaging';
import { type Clock, type RepoChangeEvent, buildPayloadV3 } from '@gatehouse/domain';
import type { IncomingMessage } from '@gatehouse/messaging';
import { DeliveryMetrics } from '../metrics/delivery-metrics';
import { SubscriptionRegistry } from '../subscriptions/subscription-registry';
import type { WebhookSnapshot } from '../subscriptions/webhook-snapshot';
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

/** Most delivery rows one insert carries; a larger batch is inserted (and dispatched) in parts. */
const MAX_ROWS_PER_INSERT = 500;

/**
 * The repo-events consumer's handler, for the events the bus fetched from one partition at once.
 * It matches every event in memory, records one delivery per matched webhook (rate-limited ones
 * as `rate_limited`) in one multi-row insert that skips those already recorded (unique webhook +
 * event: a redelivered event is never delivered twice), and hands the new ones to the dispatcher
 * under a lease, all at once: attempts of different lanes, from any events of the batch, run side
 * by side. It resolves only then, so the bus commits past the batch's last offset after every
 * delivery below it is durable; a crash before that replays the batch, a crash after leaves the
 * leased deliveries to the retry scheduler.
 * An invalid event makes the batch throw InvalidEventError: the bus then hands the batch's events
 * one by one to `handle`, which retries the invalid one and dead-letters it alone.
 */
export class RepoEventIntake {
  constructor(
    private readonly ports: RepoEventIntakePorts,
    private readonly settings: Pick<DeliverySettings, 'publicUrl' | 'leaseMs'>,
  ) {}

  handle(message: IncomingMessage): Promise<void> {
    return this.handleBatch([message]);
  }

  async handleBatch(messages: readonly IncomingMessage[]): Promise<void> {
    const last = messages[messages.length - 1];
    if (!last) return;
    const { registry, dispatcher, metrics, clock } = this.ports;
    const events = messages.map((message) => repoChangedEvent.decode(message).data);
    const now = clock.now();
    metrics.lag(last.partition, last.timestamp, now);
    // A webhook whose create call returned before an event was published must be matched.
    await registry.catchUpTo(Math.max(...messages.map((message) => message.timestamp)));
    const matches = events.flatMap((event) => registry.match(event).map((webhook) => ({ event, webhook })));
    if (matches.length === 0) return;
    const rows = await this.rowsFor(matches, now);
    for (let first = 0; first < rows.length; first += MAX_ROWS_PER_INSERT) await this.record(rows.slice(first, first + MAX_ROWS_PER_INSERT), now);
    await dispatcher.waitForRoom();
  }

  /**
   * One delivery row per match, in event order. Each webhook's trigger limit is read once per
   * batch; its remaining triggers go to the batch's first events, the rest are rate-limited.
   */
  private async rowsFor(matches: Array<{ event: RepoChangeEvent; webhook: WebhookSnapshot }>, now: number): Promise<Array<{ row: NewDelivery; webhook: WebhookSnapshot; eventTime: number }>> {
    const { limiter, ids } = this.ports;
    const webhookIds = [...new Set(matches.map(({ webhook }) => webhook.id))];
    const decisions = new Map(await Promise.all(webhookIds.map(async (id) => [id, await limiter.check(id, now)] as const)));
    const granted = new Map<string, number>();
    const lease = new Date(now + this.settings.leaseMs);
    return matches.map(({ event, webhook }) => {
      const decision = decisions.get(webhook.id)!;
      const used = granted.get(webhook.id) ?? 0;
      const allowed = used < decision.remaining;
      if (allowed) granted.set(webhook.id, used + 1);
      const row: NewDelivery = {
        id: ids.next(now),
        webhookId: webhook.id,
        eventId: event.id,
        payload: buildPayloadV3(event, { id: webhook.id }, { publicBaseUrl: this.settings.publicUrl }) as unknown as Record<string, unknown>,
        status: allowed ? 'pending' : 'rate_limited',
        nextAttemptAt: allowed ? lease : null,
        replayOf: null,
        ...(allowed ? {} : { lastError: `over the limit of ${decision.limit} triggers per 24 hours` }),
      };
      return { row, webhook, eventTime: Date.parse(event.time) };
    });
  }

  /** Inserts the rows in one statement, then counts and dispatches those that were new. */
  private async record(rows: Array<{ row: NewDelivery; webhook: WebhookSnapshot; eventTime: number }>, now: number): Promise<void> {
    const { store, limiter, dispatcher, metrics } = this.ports;
    const inserted = await store.insert(
      rows.map(({ row }) => row),
      new Date(now),
    );
    for (const { row, webhook, eventTime } of rows) {
      if (!inserted.has(row.id)) continue;
      if (row.status === 'rate_limited') {
        metrics.delivery('rate_limited', webhook.target.kind);
        continue;
      }
      limiter.record(row.webhookId, now);
      const task: DeliveryTask = { deliveryId: row.id, webhookId: row.webhookId, eventId: row.eventId, payload: row.payload, attempts: 0, lease: row.nextAttemptAt!, eventTime };
      dispatcher.enqueue({ lane: laneOf(task), task });
    }
  }
}
