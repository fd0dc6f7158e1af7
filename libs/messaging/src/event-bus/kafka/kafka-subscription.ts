import { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { MessagingLogger } from '../../messaging-logger';
import { Abandonment } from '../abandonment';
import { DeadLetter, deadLetterFor } from '../dead-letter';
import { ConsumerStatus, IncomingMessage, SubscribeOptions, Subscription } from '../event-bus';
import { DEFAULT_MAX_ATTEMPTS, RetryBackoff, handleWithRetries } from '../handle-with-retries';
import {
  ConsumerSignals,
  ConsumerSupervisor,
  SupervisedConsumer,
  SupervisorClock,
} from './consumer-supervisor';
import { nextOffset, toIncomingMessage } from './kafka-message';
import { RestartBackoff } from './restart-backoff';

export interface KafkaSubscriptionSettings {
  backoff: RetryBackoff;
  /** Between a consumer's crash and the start of the next one. */
  restartBackoff: RestartBackoff;
  shutdownTimeoutMs: number;
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  maxWaitTimeMs: number;
  partitionsConsumedConcurrently: number;
  subscribeTimeoutMs: number;
  logger: MessagingLogger;
  now(): Date;
  /** A number in [0, 1), for the restart back-off's jitter. */
  random(): number;
  clock: SupervisorClock;
  deadLetter(letter: DeadLetter): Promise<void>;
}

/**
 * One subscriber in a group, kept there by a ConsumerSupervisor: a kafkajs consumer that crashes
 * is stopped and a new one started after a back-off, until close(). Offsets are committed by
 * hand, one message at a time after its handler resolved or it was dead-lettered (or once for a
 * whole fetch, after a batch handler resolved): auto-commit is off and batches are not
 * auto-resolved, so a crash mid-handler leaves the message to the partition's next owner (the
 * next consumer of this process, or another member).
 */
export class KafkaSubscription implements Subscription {
  private readonly supervisor: ConsumerSupervisor;
  private closing?: Promise<void>;
  private readonly abandonment = new Abandonment();

  constructor(
    private readonly kafka: Kafka,
    private readonly options: SubscribeOptions,
    private readonly settings: KafkaSubscriptionSettings,
    /** Since when the group has had no member here, when an earlier subscription of it gave up before joining. */
    notJoinedSince?: number,
  ) {
    this.supervisor = new ConsumerSupervisor((signals) => this.newConsumer(signals), {
      groupId: options.groupId,
      topics: options.topics,
      backoff: settings.restartBackoff,
      random: settings.random,
      clock: settings.clock,
      logger: settings.logger,
      notJoinedSince,
    });
  }

  /**
   * Resolves once a consumer has joined the group and fixed its starting positions. A consumer
   * that crashes before that is replaced like any other; when none has joined within
   * `subscribeTimeoutMs`, the subscription is closed and this rejects, saying why the latest
   * consumer crashed (a refused ACL, a broker that never answered) with that error as `cause`.
   */
  async start(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.notJoined()), this.settings.subscribeTimeoutMs);
    });
    try {
      await Promise.race([this.supervisor.start(), timeout]);
    } catch (error) {
      await this.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  status(): ConsumerStatus {
    return this.supervisor.status();
  }

  private notJoined(): Error {
    const message = `Kafka consumer of group '${this.options.groupId}' did not join within ${this.settings.subscribeTimeoutMs} ms`;
    const crash = this.supervisor.latestCrash();
    if (crash === undefined) return new Error(message);
    return new Error(`${message}: ${crash instanceof Error ? crash.message : String(crash)}`, {
      cause: crash,
    });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const deadline = setTimeout(this.abandonment.abandon, this.settings.shutdownTimeoutMs);
      try {
        await this.supervisor.close();
      } finally {
        clearTimeout(deadline);
      }
    })();
    return this.closing;
  }

  /**
   * A new kafkajs consumer for each start: one that crashed has disconnected and left its group,
   * and is never run again. "Joined" means a member of the group and, for a group starting at
   * the end of the log, past the first fetch, where kafkajs fixes the start positions: a message
   * published after subscribe() resolved is then seen.
   */
  private newConsumer(signals: ConsumerSignals): SupervisedConsumer {
    const { groupId, topics } = this.options;
    const fromBeginning = this.options.fromBeginning ?? false;
    const consumer: Consumer = this.kafka.consumer({
      groupId,
      sessionTimeout: this.settings.sessionTimeoutMs,
      heartbeatInterval: this.settings.heartbeatIntervalMs,
      maxWaitTimeInMs: this.settings.maxWaitTimeMs,
      allowAutoTopicCreation: true,
      // kafkajs restarts a consumer by itself only after a crash it judges retriable, and leaves
      // one dead for good after any other (`Failed to find group coordinator` while a broker shuts
      // down). So it restarts none: every crash goes to the supervisor, which always restarts.
      // (`retries: 5` is kafkajs's consumer default, which a `retry` given replaces.)
      retry: { retries: 5, restartOnFailure: async () => false },
    });
    const { events } = consumer;
    let awaitingFirstFetch = false;
    consumer.on(events.GROUP_JOIN, () => {
      if (fromBeginning) signals.joined();
      else awaitingFirstFetch = true;
    });
    consumer.on(events.FETCH, () => {
      if (!awaitingFirstFetch) return;
      awaitingFirstFetch = false;
      signals.joined();
    });
    consumer.on(events.REBALANCING, () => {
      awaitingFirstFetch = false;
      signals.rejoining();
    });
    consumer.on(events.CRASH, ({ payload }) => signals.crashed(payload.error));
    let stopped = false;
    return {
      start: async () => {
        await consumer.connect();
        if (stopped) return;
        await consumer.subscribe({ topics, fromBeginning });
        if (stopped) return;
        await consumer.run({
          autoCommit: false,
          eachBatchAutoResolve: false,
          partitionsConsumedConcurrently: this.settings.partitionsConsumedConcurrently,
          eachBatch: (payload) => this.eachBatch(payload),
        });
      },
      stop: () => {
        stopped = true;
        return consumer.disconnect();
      },
    };
  }

  private async eachBatch({
    batch,
    resolveOffset,
    heartbeat,
    commitOffsetsIfNecessary,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<void> {
    const { topic, partition } = batch;
    const keepAlive = async () => {
      if (isRunning()) await heartbeat();
    };
    const last = batch.messages[batch.messages.length - 1];
    if (this.options.batchHandler && last && isRunning() && !isStale()) {
      const messages = batch.messages.map((kafkaMessage) =>
        toIncomingMessage(topic, partition, kafkaMessage),
      );
      const outcome = await this.whileBeating(heartbeat, isRunning, () =>
        this.handleBatch(messages),
      );
      if (outcome === 'abandoned') return;
      if (outcome === 'handled') {
        resolveOffset(last.offset);
        if (!this.options.ephemeral)
          await commitOffsetsIfNecessary({
            topics: [{ topic, partitions: [{ partition, offset: nextOffset(last.offset) }] }],
          });
        await keepAlive();
        return;
      }
    }
    for (const kafkaMessage of batch.messages) {
      if (!isRunning() || isStale()) break;
      const message = toIncomingMessage(topic, partition, kafkaMessage);
      const outcome = await this.whileBeating(heartbeat, isRunning, () =>
        handleWithRetries(message, this.options.handler, {
          maxAttempts: this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          backoff: this.settings.backoff,
          isClosing: () => this.closing !== undefined,
          abandonment: this.abandonment,
          betweenAttempts: keepAlive,
          onAttemptFailed: (attempt, error) =>
            this.settings.logger.warn(
              {
                topic,
                partition,
                offset: message.offset,
                groupId: this.options.groupId,
                attempt,
                err: error,
              },
              'Event handler failed',
            ),
        }),
      );
      if (outcome.kind === 'abandoned') break;
      if (outcome.kind === 'exhausted') {
        const letter = deadLetterFor(message, {
          ...outcome,
          groupId: this.options.groupId,
          failedAt: this.settings.now(),
        });
        await this.settings.deadLetter(letter);
        this.settings.logger.error(
          {
            topic,
            partition,
            offset: message.offset,
            groupId: this.options.groupId,
            deadLetterTopic: letter.topic,
            err: outcome.error,
          },
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
      await commitOffsetsIfNecessary({
        topics: [{ topic, partitions: [{ partition, offset: nextOffset(kafkaMessage.offset) }] }],
      });
      await keepAlive();
    }
  }

  /** The batch handler's verdict; 'failed' hands the messages to the one-at-a-time path. */
  private async handleBatch(
    messages: IncomingMessage[],
  ): Promise<'handled' | 'failed' | 'abandoned'> {
    const { topic, partition } = messages[0]!;
    const handled = Promise.resolve()
      .then(() => this.options.batchHandler!(messages))
      .then(
        () => 'handled' as const,
        (error: unknown) => {
          this.settings.logger.warn(
            {
              topic,
              partition,
              offset: messages[0]!.offset,
              count: messages.length,
              groupId: this.options.groupId,
              err: error,
            },
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
  private async whileBeating<T>(
    heartbeat: () => Promise<void>,
    isRunning: () => boolean,
    work: () => Promise<T>,
  ): Promise<T> {
    const timer = setInterval(() => {
      if (isRunning()) heartbeat().catch(() => undefined); // a rebalance is noticed by the batch loop (isStale)
    }, this.settings.heartbeatIntervalMs);
    try {
      return await work();
    } finally {
      clearInterval(timer);
    }
  }
}
