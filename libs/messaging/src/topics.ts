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
   * Deliveries that used up every try (business-level dead letters); key: webhook id. Retries
   * themselves wait in the deliveries table (`next_attempt_at`), not on a topic.
   */
  deliveryDeadLetter: 'gatehouse.delivery-dlq.v1',
  /** Audit-log entries, written through the outbox; key: organization id. */
  audit: 'gatehouse.audit.v1',
  /** Access/refresh tokens issued and revoked; key: user id. */
  tokenEvents: 'gatehouse.token-events.v1',
  /**
   * Replay requests, from webhook-management to the delivery worker; key: webhook id, so a
   * webhook's replays are handled in the order they were asked for. Written through the outbox in
   * the transaction that accepted the request.
   */
  deliveryReplay: 'gatehouse.delivery-replay.v1',
  /**
   * Batches of leaked tokens reported to `POST /api/credentials/revoke`, as hashes, from `auth`
   * to `auth`: the request is answered at once and the tokens are revoked from here, so the
   * answer never depends on them. Written through the outbox; key: report id.
   */
  leakedCredentials: 'gatehouse.leaked-credentials.v1',
  /**
   * Messages to send about an account (confirmation and reset links, notices of changes), from
   * `auth`'s request handlers to its mailer, through the outbox; key: mail id.
   */
  accountMail: 'gatehouse.account-mail.v1',
  /**
   * Notices of webhooks that started failing, still fail after the notice horizon, or were
   * disabled, from the delivery worker (through its outbox) to `auth`'s mailer; key: webhook id.
   */
  webhookNotices: 'gatehouse.webhook-notices.v1',
  /**
   * What happened to an account that other parts of the platform act on (its sign-outs, for the
   * back-channel logout of its apps; its deletion, for the platform's other services), from
   * `auth` through the outbox; key: user id, so one account's events are read in order.
   */
  accountEvents: 'gatehouse.account-events.v1',
  /**
   * OAuth apps created, changed (their client secret included) or deleted, from `auth` through
   * the outbox, so every process that authenticates clients reads the app again instead of its
   * cached copy; key: client id.
   */
  appEvents: 'gatehouse.app-events.v1',
} as const;

/**
 * Where a consumer puts a message it could not process after its last attempt (a poison
 * message), so the partition keeps moving: `<topic>.dlq`.
 */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
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
  { topic: Topics.deliveryDeadLetter },
  { topic: Topics.audit },
  { topic: Topics.tokenEvents },
  { topic: Topics.deliveryReplay },
  { topic: Topics.leakedCredentials },
  { topic: Topics.accountMail },
  { topic: Topics.webhookNotices },
  { topic: Topics.accountEvents },
  { topic: Topics.appEvents },
].flatMap((spec) => [spec, { topic: deadLetterTopic(spec.topic) }]);
