import { MessagingLogger, stderrMessagingLogger } from '../../messaging-logger';
import { TopicSpec } from '../../topics';
import { DeadLetter } from '../dead-letter';
import {
  ConsumerStatus,
  EventBus,
  OutgoingMessage,
  SubscribeOptions,
  Subscription,
} from '../event-bus';
import { DEFAULT_RETRY_BACKOFF, RetryBackoff } from '../handle-with-retries';
import { InProcessBroker, InProcessConsumerGroup } from './in-process-consumer-group';
import { TopicLog } from './topic-log';

export interface InProcessEventBusOptions {
  /** Partitions of a topic created without a spec (as the broker's num.partitions); default 3. */
  defaultPartitions?: number;
  backoff?: RetryBackoff;
  /** How long close() waits for an in-flight handler before giving up on it; default 30 s. */
  shutdownTimeoutMs?: number;
  /** Messages kept per partition once every group has consumed them; default 10 000. */
  retainMessages?: number;
  logger?: MessagingLogger;
  now?: () => Date;
}

/**
 * The event bus of the all-in-one process: topics, partitions, consumer groups and dead letters
 * in memory, with the same delivery rules as KafkaEventBus (see EventBus). Nothing survives a
 * restart: producers that must not lose events publish through the outbox, which replays them.
 */
export class InProcessEventBus implements EventBus {
  private readonly topics = new Map<string, TopicLog>();
  private readonly groups = new Map<string, InProcessConsumerGroup>();
  /** Each open subscription with its group and topics. */
  private readonly subscriptions = new Map<
    Subscription,
    Pick<ConsumerStatus, 'groupId' | 'topics'>
  >();
  private readonly defaultPartitions: number;
  private readonly retainMessages: number;
  private readonly broker: InProcessBroker;
  private closed = false;

  constructor(options: InProcessEventBusOptions = {}) {
    this.defaultPartitions = options.defaultPartitions ?? 3;
    this.retainMessages = options.retainMessages ?? 10_000;
    const now = options.now ?? (() => new Date());
    this.broker = {
      topicLog: (topic) => this.topicLog(topic),
      deadLetter: (letter: DeadLetter) => this.publish(letter.topic, [letter.message]),
      committed: (topic, partition) => this.trim(topic, partition),
      backoff: options.backoff ?? DEFAULT_RETRY_BACKOFF,
      shutdownTimeoutMs: options.shutdownTimeoutMs ?? 30_000,
      logger: options.logger ?? stderrMessagingLogger,
      now,
    };
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    const log = this.topicLog(topic);
    const timestamp = this.broker.now().getTime();
    for (const message of messages) {
      const partition = log.partitionFor(message.key);
      log.partitions[partition].append({
        key: message.key,
        value: message.value,
        headers: { ...message.headers },
        timestamp,
      });
    }
    for (const group of this.groups.values()) group.wake(topic);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (options.topics.length === 0) throw new Error('subscribe() needs at least one topic');
    const group =
      this.groups.get(options.groupId) ?? new InProcessConsumerGroup(options.groupId, this.broker);
    this.groups.set(options.groupId, group);
    const member = group.join(options);
    let closing: Promise<void> | undefined;
    const subscription: Subscription = {
      close: () => {
        closing ??= group.leave(member).finally(() => {
          this.subscriptions.delete(subscription);
          if (options.ephemeral && group.size === 0 && this.groups.get(options.groupId) === group)
            this.groups.delete(options.groupId);
        });
        return closing;
      },
    };
    this.subscriptions.set(subscription, { groupId: options.groupId, topics: [...options.topics] });
    return subscription;
  }

  async ensureTopics(specs: readonly TopicSpec[]): Promise<void> {
    this.assertOpen();
    for (const spec of specs) this.topicLog(spec.topic, spec.partitions);
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  /** A member joins its group as it subscribes and stays until it closes: nothing here crashes. */
  consumers(): ConsumerStatus[] {
    return [...this.subscriptions.values()].map(({ groupId, topics }) => ({
      groupId,
      topics,
      state: 'joined',
      restarts: 0,
    }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await Promise.all([...this.subscriptions.keys()].map((subscription) => subscription.close()));
    this.closed = true;
  }

  private topicLog(topic: string, partitions = this.defaultPartitions): TopicLog {
    let log = this.topics.get(topic);
    if (!log) {
      log = new TopicLog(topic, partitions);
      this.topics.set(topic, log);
    }
    return log;
  }

  /** Drops messages every group is past, beyond the newest `retainMessages`. */
  private trim(topic: string, partition: number): void {
    const log = this.topicLog(topic).partitions[partition];
    if (log.endOffset - log.startOffset <= this.retainMessages) return;
    let consumedByAll = log.endOffset;
    for (const group of this.groups.values()) {
      const position = group.position(topic, partition);
      if (position !== undefined) consumedByAll = Math.min(consumedByAll, position);
    }
    log.trimBefore(Math.min(consumedByAll, log.endOffset - this.retainMessages));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('InProcessEventBus is closed');
  }
}
