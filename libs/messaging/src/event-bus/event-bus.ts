import { TopicSpec } from '../topics';

export interface OutgoingMessage {
  /** Partitioning key: messages with the same key are consumed in the order they were published. */
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface IncomingMessage {
  topic: string;
  partition: number;
  /** Position in the partition (a 64-bit integer, hence a string). */
  offset: string;
  key: string;
  value: string;
  headers: Record<string, string>;
  /** When the message was appended, in milliseconds since the epoch. */
  timestamp: number;
}

export type MessageHandler = (message: IncomingMessage) => Promise<void>;

/** Handles messages of one partition, in partition order, together. */
type BatchHandler = (messages: readonly IncomingMessage[]) => Promise<void>;

export interface SubscribeOptions {
  topics: string[];
  /** Subscribers sharing a group id share the partitions; every group gets every message. */
  groupId: string;
  /** Where a group with no committed position starts: the oldest message, or (default) the next new one. */
  fromBeginning?: boolean;
  handler: MessageHandler;
  /**
   * Takes what the bus fetched from one partition at once (in order) instead of `handler` one
   * message at a time; the position moves past the last of them, in one commit, once it resolves.
   * When it throws, the same messages go one by one to `handler`, with its retries and dead
   * letter, so a bad message holds up only itself. Either way handlers must be idempotent: part
   * of a batch may be seen again.
   */
  batchHandler?: BatchHandler;
  /** Tries per message before it is dead-lettered; default 5. */
  maxAttempts?: number;
  /**
   * The group keeps no position: nothing is committed, and closing the subscription deletes the
   * group (Kafka also drops an empty group that has no committed offsets by itself). For a
   * consumer in a group of its own per process that reads from the end and rebuilds its state
   * elsewhere at start; an ordinary group would be left behind by every process that ever ran.
   */
  ephemeral?: boolean;
}

export interface Subscription {
  /** Lets the in-flight handler finish (within the bus's shutdown timeout), commits, leaves the group. */
  close(): Promise<void>;
}

/**
 * Where a subscriber stands in its group:
 * - `joining`: started, not yet a member;
 * - `joined`: a member with its partitions, consuming;
 * - `rejoining`: was a member, is not now (a rebalance, or a new consumer started after a crash);
 * - `stopped`: crashed, waiting out its back-off before a new consumer starts, or its first
 *   start gave up and nobody has subscribed to the group again.
 */
export type ConsumerState = 'joining' | 'joined' | 'rejoining' | 'stopped';

export interface ConsumerStatus {
  groupId: string;
  topics: readonly string[];
  state: ConsumerState;
  /** Since when (epoch ms) it has not been a member; absent while `joined`. */
  notJoinedSince?: number;
  /** New consumers started after a crash, over the life of the subscription. */
  restarts: number;
}

/**
 * Publish/subscribe port, implemented over Kafka (KafkaEventBus) and in memory
 * (InProcessEventBus). Both keep these rules (event-bus.contract.ts checks them):
 * - a message's position is committed only after its handler resolved, so a consumer that dies
 *   mid-handler gets the message again (at-least-once: handlers must be idempotent);
 * - a handler that throws is retried with a short backoff up to maxAttempts, then the message is
 *   published to deadLetterTopic(topic) with DEAD_LETTER_HEADERS and consumption goes on;
 * - messages with the same key are handled one at a time, in publish order;
 * - handlers run asynchronously, never inside publish().
 */
export interface EventBus {
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  /**
   * Resolves once the subscriber has joined its group and been given partitions. From then until
   * close() the bus keeps it in the group: a consumer that crashes is replaced by a new one.
   */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Creates the missing topics; existing topics are left as they are. */
  ensureTopics(specs: readonly TopicSpec[]): Promise<void>;
  /** Throws when the bus cannot reach its broker (readiness probes). */
  ping(): Promise<void>;
  /** Every subscriber of this process, as it stands now (readiness and metrics read it). */
  consumers(): ConsumerStatus[];
  /** Closes every subscription (as Subscription.close) and the producer. */
  close(): Promise<void>;
}
