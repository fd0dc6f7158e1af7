import { Client } from 'pg';
import { waitUntil } from '@gatehouse/testing';
import { CountingReceiver } from './counting-receiver';
import type { FaultStack } from './fault-stack';
import { RepoEventStream, streamRepos } from './repo-event-stream';

export interface ScenarioOptions {
  label: string;
  events: number;
  perSecond: number;
  /** The webhook's secret; every request must then carry it in `X-Webhook-Secret` (counted in `secretMismatches`). */
  secret?: string;
  /**
   * Injects the fault while the stream runs; resolves with when the fault began and ended (epoch
   * ms; began defaults to ended) and any figures of its own.
   */
  fault(
    context: ScenarioContext,
  ): Promise<{ startedAt?: number; endedAt: number; figures?: Record<string, unknown> }>;
}

export interface ScenarioContext {
  webhookId: string;
  receiver: CountingReceiver;
  stream: RepoEventStream;
  /** Resolves once `count` events have been published. */
  published(count: number): Promise<void>;
}

export interface DeliveryFigures {
  produced: number;
  delivered: number;
  duplicated: number;
  lost: number;
  /** Requests whose `X-Webhook-Secret` was not the webhook's secret (0 without one). */
  secretMismatches: number;
  /** Requests that reached the receiver without an attempt row in the Activity history. */
  attemptsMissingFromHistory: number;
  /** From the end of the fault until every event published before it was delivered. */
  recoveryMs: number;
  /** Longest time from an event's publication to its delivery. */
  maxEventToDeliveryMs: number;
  /** The same, over the events published after the fault began. */
  maxEventToDeliveryAfterFaultMs: number;
  [figure: string]: unknown;
}

const CATCH_UP_TIMEOUT_MS = 120_000;

/** Whether `condition` came true within `timeoutMs`: the figures count what did not. */
const until = (condition: () => boolean, timeoutMs: number): Promise<boolean> =>
  waitUntil('the scenario', condition, { timeoutMs, intervalMs: 200 }).catch(() => false);

/**
 * One delivery scenario: a webhook of its own on a counting receiver, a bounded stream of repo
 * change events, the fault injected mid-stream, then the count once deliveries have caught up
 * (or two minutes passed): produced, delivered, duplicated, lost, attempts missing from the
 * history, time to recover.
 */
export async function runDeliveryScenario(
  faults: FaultStack,
  options: ScenarioOptions,
): Promise<DeliveryFigures> {
  const receiver = new CountingReceiver(options.secret);
  const url = await receiver.start();
  try {
    const webhookId = await faults.createWebhook(
      url,
      streamRepos(options.label, 6),
      options.secret,
    );
    const stream = new RepoEventStream({
      brokers: faults.kafka.brokers,
      label: options.label,
      events: options.events,
      perSecond: options.perSecond,
      repos: 6,
    });
    const context: ScenarioContext = {
      webhookId,
      receiver,
      stream,
      published: async (count) =>
        void (await until(() => stream.publishedAt.size >= count, 600_000)),
    };
    const [fault] = await Promise.all([options.fault(context), stream.done]);
    const produced = stream.publishedAt.size;
    await until(() => receiver.deliveredEvents().size >= produced, CATCH_UP_TIMEOUT_MS);
    // Late duplicates (an attempt re-sent after its lease ran out) would show up now: a window
    // the figures count them in, not an assertion.
    // eslint-disable-next-line no-restricted-syntax -- a measured window, not a wait for a condition
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const delivered = receiver.deliveredEvents();
    const deliveredAtBySha = new Map<string, number>();
    for (const [webhookDeliveryId, sha] of receiver.eventOf)
      deliveredAtBySha.set(sha, receiver.deliveredAt.get(webhookDeliveryId)!);
    let recoveredAt = fault.endedAt;
    let maxEventToDeliveryMs = 0;
    let maxEventToDeliveryAfterFaultMs = 0;
    const faultStartedAt = fault.startedAt ?? fault.endedAt;
    for (const [sha, publishedAt] of stream.publishedAt) {
      const at = deliveredAtBySha.get(sha);
      if (at === undefined) continue;
      maxEventToDeliveryMs = Math.max(maxEventToDeliveryMs, at - publishedAt);
      if (publishedAt >= faultStartedAt)
        maxEventToDeliveryAfterFaultMs = Math.max(maxEventToDeliveryAfterFaultMs, at - publishedAt);
      if (publishedAt <= fault.endedAt) recoveredAt = Math.max(recoveredAt, at);
    }
    return {
      produced,
      delivered: [...stream.publishedAt.keys()].filter((sha) => delivered.has(sha)).length,
      duplicated: receiver.duplicates(),
      secretMismatches: receiver.secretMismatches,
      lost: [...stream.publishedAt.keys()].filter((sha) => !delivered.has(sha)).length,
      attemptsMissingFromHistory: await attemptsMissingFromHistory(faults, webhookId, receiver),
      recoveryMs: recoveredAt - fault.endedAt,
      maxEventToDeliveryMs,
      maxEventToDeliveryAfterFaultMs,
      ...fault.figures,
    };
  } finally {
    await receiver.stop();
  }
}

/** Every request the receiver saw must be an attempt row of its delivery (the Activity view reads these rows). */
async function attemptsMissingFromHistory(
  faults: FaultStack,
  webhookId: string,
  receiver: CountingReceiver,
): Promise<number> {
  const client = new Client({ connectionString: faults.database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; attempts: number }>(
      `SELECT d.id, count(a.id)::int AS attempts FROM deliveries d LEFT JOIN delivery_attempts a ON a.delivery_id = d.id
        WHERE d.webhook_id = $1 GROUP BY d.id`,
      [webhookId],
    );
    const recorded = new Map(rows.map((row) => [row.id.trim(), row.attempts]));
    let missing = 0;
    for (const [deliveryId, requests] of receiver.requestsOf)
      missing += Math.max(0, requests - (recorded.get(deliveryId) ?? 0));
    return missing;
  } finally {
    await client.end();
  }
}
