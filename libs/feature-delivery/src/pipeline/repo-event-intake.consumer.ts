import { repoChangedEvent, traceContextOf, tracingActive } from '@gatehouse/messaging';
import { propagation, ROOT_CONTEXT, type Span, SpanKind, trace } from '@opentelemetry/api';
import { type Clock, type RepoChangeEvent, buildPayloadV3 } from '@gatehouse/domain';
import type { IncomingMessage } from '@gatehouse/messaging';
import { DeliveryMetrics } from '../metrics/delivery-metrics';
import { SubscriptionRegistry } from '../subscriptions/subscription-registry';
import type { DeliverySubscription } from '../subscriptions/ports/webhook-snapshot';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { DeliveryIds } from './delivery-ids';
import type { DeliverySettings } from './delivery-settings';
import { DeliveryStore, NewDelivery } from './ports/delivery.store';
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

interface Match {
  event: RepoChangeEvent;
  webhook: DeliverySubscription;
  /** The trace context of the event's intake span, when its producer traced it. */
  trace?: Record<string, string>;
}

interface Recordable {
  row: NewDelivery;
  webhook: DeliverySubscription;
  eventTime: number;
  trace?: Record<string, string>;
}

const tracer = trace.getTracer('@gatehouse/feature-delivery');

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
    if (messages.length === 0) return;
    const events = messages.map((message) => repoChangedEvent.decode(message).data);
    const spans = tracingActive() ? messages.map(intakeSpanOf) : [];
    try {
      await this.intake(messages, events, spans);
    } finally {
      for (const span of spans) span?.end();
    }
  }

  private async intake(
    messages: readonly IncomingMessage[],
    events: RepoChangeEvent[],
    spans: (Span | undefined)[],
  ): Promise<void> {
    const { registry, dispatcher, metrics, clock } = this.ports;
    const last = messages[messages.length - 1]!;
    const traces = spans.map(carrierOf);
    const now = clock.now();
    metrics.lag(last.partition, last.timestamp, now);
    // A webhook whose create call returned before an event was published must be matched.
    await registry.catchUpTo(Math.max(...messages.map((message) => message.timestamp)));
    const matches = events.flatMap((event, index) =>
      registry.match(event).map((webhook) => ({ event, webhook, trace: traces[index] })),
    );
    if (matches.length === 0) return;
    const { roomy, tight } = await this.splitByTriggerLimit(matches, now);
    const rows = roomy.map((match) => this.rowOf(match, now, null));
    for (let first = 0; first < rows.length; first += MAX_ROWS_PER_INSERT)
      await this.record(rows.slice(first, first + MAX_ROWS_PER_INSERT), now);
    // Near its limit, a webhook's events are counted one at a time, as each is recorded: an event
    // read again (already recorded) then takes no trigger from a new one.
    for (const match of tight) {
      const decision = await this.ports.limiter.check(match.webhook.webhookId, now);
      await this.record([this.rowOf(match, now, decision.allowed ? null : decision.limit)], now);
    }
    await dispatcher.waitForRoom();
  }

  /**
   * Matches of webhooks whose remaining triggers cover all their matches in the batch (recorded
   * together), and those of webhooks near their limit, in event order.
   */
  private async splitByTriggerLimit(
    matches: Match[],
    now: number,
  ): Promise<{ roomy: Match[]; tight: Match[] }> {
    const counts = new Map<string, number>();
    for (const { webhook } of matches)
      counts.set(webhook.webhookId, (counts.get(webhook.webhookId) ?? 0) + 1);
    const decisions = await Promise.all(
      [...counts].map(
        async ([id, count]) =>
          [id, (await this.ports.limiter.check(id, now)).remaining >= count] as const,
      ),
    );
    const roomy = new Set(decisions.filter(([, fits]) => fits).map(([id]) => id));
    return {
      roomy: matches.filter(({ webhook }) => roomy.has(webhook.webhookId)),
      tight: matches.filter(({ webhook }) => !roomy.has(webhook.webhookId)),
    };
  }

  /** The delivery row of a match: pending under this process's lease, or rate-limited when `overLimit` is set. */
  private rowOf(
    { event, webhook, trace }: Match,
    now: number,
    overLimit: number | null,
  ): Recordable {
    const allowed = overLimit === null;
    const payload = buildPayloadV3(
      event,
      { id: webhook.webhookId },
      { publicBaseUrl: this.settings.publicUrl },
    ) as unknown as Record<string, unknown>;
    const row: NewDelivery = {
      id: this.ports.ids.next(now),
      webhookId: webhook.webhookId,
      eventId: event.id,
      payload,
      payloadJson: JSON.stringify(payload),
      status: allowed ? 'pending' : 'rate_limited',
      nextAttemptAt: allowed ? new Date(now + this.settings.leaseMs) : null,
      replayOf: null,
      ...(allowed ? {} : { lastError: `over the limit of ${overLimit} triggers per 24 hours` }),
    };
    return { row, webhook, eventTime: Date.parse(event.time), trace };
  }

  /**
   * Inserts the rows in one statement, then counts and dispatches those that were new. The first
   * pending rows, as many as the dispatcher can start at once, have their first attempt begun by
   * the insert itself (one round trip less before their requests go out); the others begin theirs
   * when their turn comes. Those begun in the insert are the first in event order, so a lane's
   * attempts still start in event order.
   */
  private async record(rows: Recordable[], now: number): Promise<void> {
    const { store, limiter, dispatcher, metrics, ids } = this.ports;
    const pending = rows.filter(({ row }) => row.status === 'pending');
    let unclaimed = dispatcher.reserve(pending.length);
    for (const { row } of pending.slice(0, unclaimed))
      row.firstAttempt = { attemptId: ids.next(now), startedAt: new Date(now) };
    try {
      const inserted = await store.insert(
        rows.map(({ row }) => row),
        new Date(now),
      );
      const triggers = new Map<string, number>();
      for (const { row, webhook, eventTime, trace } of rows) {
        if (!inserted.has(row.id)) continue;
        if (row.status === 'rate_limited') {
          metrics.delivery('rate_limited', webhook.targetKind);
          continue;
        }
        triggers.set(row.webhookId, (triggers.get(row.webhookId) ?? 0) + 1);
        const body = row.payloadJson ?? JSON.stringify(row.payload);
        const begun = row.firstAttempt
          ? { attemptId: row.firstAttempt.attemptId, attemptNo: 1 }
          : undefined;
        const task: DeliveryTask = {
          deliveryId: row.id,
          webhookId: row.webhookId,
          eventId: row.eventId,
          payload: row.payload,
          attempts: 0,
          lease: row.nextAttemptAt!,
          eventTime,
          body,
          begun,
          trace,
        };
        if (begun) unclaimed -= 1;
        dispatcher.enqueue({ lane: laneOf(task), task }, { reserved: begun !== undefined });
      }
      for (const [webhookId, count] of triggers) limiter.record(webhookId, now, count);
    } finally {
      // Places promised to rows that were already there (an event read again) or to a failed insert.
      dispatcher.release(unclaimed);
    }
  }
}

/**
 * A span (`repo event intake`) for an event whose producer sent a trace context: matching and
 * recording of the batch it came in, as part of the event's trace. None for an untraced event.
 */
function intakeSpanOf(message: IncomingMessage): Span | undefined {
  if (message.headers.traceparent === undefined) return undefined;
  return tracer.startSpan(
    'repo event intake',
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.destination.name': message.topic,
        'messaging.kafka.offset': message.offset,
      },
    },
    traceContextOf(message),
  );
}

/** The headers that hand a span's context to work done later (the delivery's attempts). */
function carrierOf(span: Span | undefined): Record<string, string> | undefined {
  if (!span) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier.traceparent === undefined ? undefined : carrier;
}
