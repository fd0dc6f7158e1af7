/**
 * Kafka topic names (docs/architecture.md "Events (Kafka)"). The `.v1` suffix is the topic's
 * contract version: a breaking change to what a topic carries gets a new topic, not a new meaning.
 */
export const Topics = {
  /** Repository change events from the platform's repo services; key: repository id. */
  repoEvents: 'gatehouse.repo-events.v1',
  /** The latest state of each webhook, compacted; key: webhook id. */
  webhookChanged: 'gatehouse.webhook-changed.v1',
  /**
   * Deliveries waiting for their next try; key: webhook id. The delivery worker schedules retries
   * here instead of sleeping inside its handler. Tiered variants: deliveryRetryTopic().
   */
  deliveryRetry: 'gatehouse.delivery-retry.v1',
  /** Deliveries that used up every try (business-level dead letters); key: webhook id. */
  deliveryDeadLetter: 'gatehouse.delivery-dlq.v1',
  /** Audit-log entries, written through the outbox; key: organization id. */
  audit: 'gatehouse.audit.v1',
  /** Access/refresh tokens issued and revoked; key: user id. */
  tokenEvents: 'gatehouse.token-events.v1',
} as const;

export type GatehouseTopic = (typeof Topics)[keyof typeof Topics];

/**
 * Where a consumer puts a message it could not process after its last attempt (a poison
 * message), so the partition keeps moving: `<topic>.dlq`.
 */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

const RETRY_TIER = /^[1-9][0-9]*(s|m|h)$/;

/**
 * A delivery retry tier with a fixed delay, e.g. deliveryRetryTopic('5m') =
 * 'gatehouse.delivery-retry.5m.v1'. Every message of a tier waits the same time, so a tier's
 * consumer only ever waits for the head of its partition.
 */
export function deliveryRetryTopic(tier: string): string {
  if (!RETRY_TIER.test(tier)) throw new RangeError(`Retry tier must look like '30s', '5m' or '1h', got '${tier}'`);
  return `gatehouse.delivery-retry.${tier}.v1`;
}

export interface TopicSpec {
  topic: string;
  /** Broker default when absent. */
  partitions?: number;
  /** Broker default when absent. */
  replicationFactor?: number;
  /** cleanup.policy=compact: the log keeps the latest message of each key. */
  compacted?: boolean;
  /** retention.ms; broker default when absent. */
  retentionMs?: number;
}

/** The topics Gatehouse itself produces to, with their dead-letter topics, for ensureTopics(). */
export const GATEHOUSE_TOPIC_SPECS: readonly TopicSpec[] = [
  { topic: Topics.repoEvents },
  { topic: Topics.webhookChanged, compacted: true },
  { topic: Topics.deliveryRetry },
  { topic: Topics.deliveryDeadLetter },
  { topic: Topics.audit },
  { topic: Topics.tokenEvents },
].flatMap((spec) => [spec, { topic: deadLetterTopic(spec.topic) }]);
