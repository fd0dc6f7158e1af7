import { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { MessagingLogger } from '../../messaging-logger';
import { Abandonment } from '../abandonment';
import { DeadLetter, deadLetterFor } from '../dead-letter';
import { IncomingMessage, SubscribeOptions, Subscription } from '../event-bus';
import { DEFAULT_MAX_ATTEMPTS, RetryBackoff, handleWithRetries } from '../handle-with-retries';
import { nextOffset, toIncomingMessage } from './kafka-message';

export interface KafkaSubscriptionSettings {
  backoff: RetryBackoff;
  shutdownTimeoutMs: number;
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxWaitTimeMs: number;
  partitionsConsumedConcurrently: number;
  subscribeTimeoutMs: number;
  logger: MessagingLogger;
  now(): Date;
  deadLetter(letter: DeadLetter): Promise<void>;
}

/**
 * One kafkajs consumer in a group. Offsets are committed by hand, one message at a time after
 * its handler resolved or it was dead-lettered (or once for a whole fetch, after a batch handler
 * resolved): auto-commit is off and batches are not auto-resolved, so a crash mid-handler leaves
 * the message to the partition's next owner.
 */
export class KafkaSubscription implements Subscription {
  private readonly consumer: Consumer;
  private closing?: Promise<void>;
  private readonly abandonment = new Abandonment();

  constructor(
    kafka: Kafka,
    private readonly options: SubscribeOptions,
    private readonly settings: KafkaSubscriptionSettings,
  ) {
    this.consumer = kafka.consumer({
      groupId: options.groupId,
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
      maxWaitTimeInMs: settings.maxWaitTimeMs,
      allowAutoTopicCreation: true,
    });
  }

  /** Resolves once the consumer has joined its group and fixed its starting positions. */
  async start(): Promise<void> {
    const ready = this.whenReady();
    ready.catch(() => undefined); // awaited below; this only keeps an early rejection from counting as unhandled
    try {
      await this.consumer.connect();
      await this.consumer.subscribe({ topics: this.options.topics, fromBeginning: this.options.fromBeginning ?? false });
      await this.consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: this.settings.partitionsConsumedConcurrently,
        eachBatch: (payload) => this.eachBatch(payload),
      });
      await ready;
    } catch (error) {
      await this.consumer.disconnect().catch(() => undefined);
      throw error;
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const deadline = setTimeout(this.abandonment.abandon, this.settings.shutdownTimeoutMs);
      try {
        await this.consumer.disconnect();
      } finally {
        clearTimeout(deadline);
      }
    })();
    return this.closing;
  }

  private async eachBatch({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: EachBatchPayload): Promise<void> {
    const { topic, partition } = batch;
    const keepAlive = async () => {
      if (isRunning()) await heartbeat();
    };
    const last = batch.messages[batch.messages.length - 1];
    if (this.options.batchHandler && last && isRunning() && !isStale()) {
      const messages = batch.messages.map((kafkaMessage) => toIncomingMessage(topic, partition, kafkaMessage));
      const outcome = await this.whileBeating(heartbeat, isRunning, () => this.handleBatch(messages));
      if (outcome === 'abandoned') return;
      if (outcome === 'handled') {
        resolveOffset(last.offset);
        if (!this.options.ephemeral) await commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset: nextOffset(last.offset) }] }] });
        await keepAlive();
        return;
      }
    }
    for (const kafkaMessage of batch.messages) {
      if (!isRunning() || isStale()) break;
      const message = toIncomingMessage(topic, partition, kafkaMessage);
      const outcome = await this.whileBeating(heartbeat, isRunning, () => handleWithRetries(message, this.options.handler, {
        maxAttempts: this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        backoff: this.settings.backoff,
        isClosing: () => this.closing !== undefined,
        abandonment: this.abandonment,
        betweenAttempts: keepAlive,
        onAttemptFailed: (attempt, error) =>
          this.settings.logger.warn(
            { topic, partition, offset: message.offset, groupId: this.options.groupId, attempt, err: error },
            'Event handler failed',
          ),
      }));
      if (outcome.kind === 'abandoned') break;
      if (outcome.kind === 'exhausted') {
        const letter = deadLetterFor(message, { ...outcome, groupId: this.options.groupId, failedAt: this.settings.now() });
        await this.settings.deadLetter(letter);
        this.settings.logger.error(
          { topic, partition, offset: message.offset, groupId: this.options.groupId, deadLetterTopic: letter.topic, err: outcome.error },
          'Event dead-lettered after its last attempt',
        );
      }
      resolveOffset(kafkaMessage.offset);
      if (this.options.ephemeral) {
        await keepAlive();
        continue;
      }
      // Straight to the group coordinator: unlike consumer.commitOffsets(), this still commits
      // while the consumer is stopping, so close() keeps the work of the in-flight handler.
      await commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset: nextOffset(kafkaMessage.offset) }] }] });
      await keepAlive();
    }
  }

  /** The batch handler's verdict; 'failed' hands the messages to the one-at-a-time path. */
  private async handleBatch(messages: IncomingMessage[]): Promise<'handled' | 'failed' | 'abandoned'> {
    const { topic, partition } = messages[0]!;
    const handled = Promise.resolve()
      .then(() => this.options.batchHandler!(messages))
      .then(
        () => 'handled' as const,
        (error: unknown) => {
          this.settings.logger.warn(
            { topic, partition, offset: messages[0]!.offset, count: messages.length, groupId: this.options.groupId, err: error },
            'Batch handler failed; handling its messages one at a time',
          );
          return 'failed' as const;
        },
      );
    return this.abandonment.race(handled);
  }

  /**
   * kafkajs sends heartbeats only when asked to, between messages: a handler that waits (a full
   * dispatch queue, a slow database) would otherwise outlive the session and cost the group a
   * rebalance. So the membership is kept alive on a timer for as long as the handler runs; the
   * session timeout then measures only whether the process is alive, and can be short.
   */
  private async whileBeating<T>(heartbeat: () => Promise<void>, isRunning: () => boolean, work: () => Promise<T>): Promise<T> {
    const timer = setInterval(() => {
      if (isRunning()) heartbeat().catch(() => undefined); // a rebalance is noticed by the batch loop (isStale)
    }, this.settings.heartbeatIntervalMs);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }

  /**
   * Joined, and (for a group starting at the end of the log) past the first fetch, where kafkajs
   * fixes the start positions: a message published after subscribe() resolved is then seen.
   */
  private whenReady(): Promise<void> {
    const { events } = this.consumer;
    return new Promise<void>((resolve, reject) => {
      let joined = false;
      const removers: Array<() => void> = [];
      const finish = (error?: Error) => {
        removers.forEach((remove) => remove());
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      removers.push(
        this.consumer.on(events.GROUP_JOIN, () => {
          joined = true;
          if (this.options.fromBeginning) finish();
        }),
        this.consumer.on(events.FETCH, () => joined && finish()),
        this.consumer.on(events.CRASH, ({ payload }) => !payload.restart && finish(payload.error)),
      );
      const timer = setTimeout(
        () => finish(new Error(`Kafka consumer of group '${this.options.groupId}' did not join within ${this.settings.subscribeTimeoutMs} ms`)),
        this.settings.subscribeTimeoutMs,
      );
    });
  }
}
