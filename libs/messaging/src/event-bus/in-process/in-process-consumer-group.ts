import { MessagingLogger } from '../../messaging-logger';
import { Abandonment } from '../abandonment';
import { deadLetterFor, DeadLetter } from '../dead-letter';
import { IncomingMessage, SubscribeOptions } from '../event-bus';
import { DEFAULT_MAX_ATTEMPTS, RetryBackoff, handleWithRetries } from '../handle-with-retries';
import { StoredMessage, TopicLog } from './topic-log';

/** What a consumer group needs from the in-process broker it belongs to. */
export interface InProcessBroker {
  topicLog(topic: string): TopicLog;
  deadLetter(letter: DeadLetter): Promise<void>;
  committed(topic: string, partition: number): void;
  readonly backoff: RetryBackoff;
  readonly shutdownTimeoutMs: number;
  readonly logger: MessagingLogger;
  now(): Date;
}

interface Member {
  id: number;
  options: SubscribeOptions;
  closing: boolean;
  inFlight: Set<Promise<void>>;
  abandonment: Abandonment;
}

interface Cursor {
  topic: string;
  partition: number;
  /** The committed position: the next offset to hand to a handler. */
  position: number;
  owner?: Member;
  busy: boolean;
}

/**
 * A consumer group over in-memory topic logs. Each partition is worked by one member at a time,
 * one message at a time, and its position moves only after the message was handled or
 * dead-lettered: the same rules as a Kafka consumer group with manual commits.
 */
export class InProcessConsumerGroup {
  private readonly members: Member[] = [];
  private readonly cursors = new Map<string, Cursor>();
  private nextMemberId = 1;

  constructor(
    readonly groupId: string,
    private readonly broker: InProcessBroker,
  ) {}

  join(options: SubscribeOptions): Member {
    const member: Member = {
      id: this.nextMemberId++,
      options,
      closing: false,
      inFlight: new Set(),
      abandonment: new Abandonment(),
    };
    for (const topic of options.topics) {
      const log = this.broker.topicLog(topic);
      log.partitions.forEach((partitionLog, partition) => {
        const key = cursorKey(topic, partition);
        if (this.cursors.has(key)) return;
        const position = options.fromBeginning ? partitionLog.startOffset : partitionLog.endOffset;
        this.cursors.set(key, { topic, partition, position, busy: false });
      });
    }
    this.members.push(member);
    this.assign();
    return member;
  }

  /** Finishes the member's in-flight messages (until the shutdown deadline) and hands its partitions on. */
  async leave(member: Member): Promise<void> {
    if (member.closing) return;
    member.closing = true;
    this.members.splice(this.members.indexOf(member), 1);
    this.assign();
    const deadline = setTimeout(member.abandonment.abandon, this.broker.shutdownTimeoutMs);
    await Promise.all([...member.inFlight]);
    clearTimeout(deadline);
  }

  get size(): number {
    return this.members.length;
  }

  wake(topic: string): void {
    for (const cursor of this.cursors.values()) if (cursor.topic === topic) this.schedule(cursor);
  }

  position(topic: string, partition: number): number | undefined {
    return this.cursors.get(cursorKey(topic, partition))?.position;
  }

  /** Spreads every partition over the members subscribed to its topic, in join order. */
  private assign(): void {
    for (const cursor of this.cursors.values()) {
      const candidates = this.members.filter((member) =>
        member.options.topics.includes(cursor.topic),
      );
      cursor.owner =
        candidates.length > 0 ? candidates[cursor.partition % candidates.length] : undefined;
      this.schedule(cursor);
    }
  }

  private schedule(cursor: Cursor): void {
    setImmediate(() => this.pump(cursor));
  }

  private pump(cursor: Cursor): void {
    const member = cursor.owner;
    if (cursor.busy || !member) return;
    const log = this.broker.topicLog(cursor.topic).partitions[cursor.partition];
    if (cursor.position < log.startOffset) cursor.position = log.startOffset;
    const stored = log.at(cursor.position);
    if (!stored) return;
    cursor.busy = true;
    const work = (
      member.options.batchHandler
        ? this.processBatch(member, cursor, log.endOffset)
        : this.process(member, cursor, stored)
    ).finally(() => {
      cursor.busy = false;
      member.inFlight.delete(work);
      this.schedule(cursor);
    });
    member.inFlight.add(work);
  }

  /** Every message up to `end` (at most MAX_BATCH) to the batch handler; on a throw, one by one to the handler. */
  private async processBatch(member: Member, cursor: Cursor, end: number): Promise<void> {
    const log = this.broker.topicLog(cursor.topic).partitions[cursor.partition];
    const first = cursor.position;
    const messages: IncomingMessage[] = [];
    for (let offset = first; offset < Math.min(end, first + MAX_BATCH); offset += 1)
      messages.push(incomingOf(cursor, offset, log.at(offset)!));
    const outcome = await member.abandonment.race(
      Promise.resolve()
        .then(() => member.options.batchHandler!(messages))
        .then(
          () => 'handled' as const,
          (error: unknown) => {
            this.broker.logger.warn(
              {
                topic: cursor.topic,
                partition: cursor.partition,
                offset: first,
                count: messages.length,
                groupId: this.groupId,
                err: error,
              },
              'Batch handler failed; handling its messages one at a time',
            );
            return 'failed' as const;
          },
        ),
    );
    if (outcome === 'abandoned') return;
    if (outcome === 'handled') {
      cursor.position = first + messages.length;
      this.broker.committed(cursor.topic, cursor.partition);
      return;
    }
    for (const message of messages) {
      if (cursor.owner !== member) return;
      await this.process(member, cursor, log.at(Number(message.offset))!);
      if (cursor.position !== Number(message.offset) + 1) return;
    }
  }

  private async process(member: Member, cursor: Cursor, stored: StoredMessage): Promise<void> {
    const offset = cursor.position;
    const message = incomingOf(cursor, offset, stored);
    const outcome = await handleWithRetries(message, member.options.handler, {
      maxAttempts: member.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      backoff: this.broker.backoff,
      isClosing: () => member.closing,
      abandonment: member.abandonment,
      onAttemptFailed: (attempt, error) =>
        this.broker.logger.warn(
          {
            topic: message.topic,
            partition: message.partition,
            offset,
            groupId: this.groupId,
            attempt,
            err: error,
          },
          'Event handler failed',
        ),
    });
    if (outcome.kind === 'abandoned') return;
    if (outcome.kind === 'exhausted') {
      const letter = deadLetterFor(message, {
        ...outcome,
        groupId: this.groupId,
        failedAt: this.broker.now(),
      });
      await this.broker.deadLetter(letter);
      this.broker.logger.error(
        {
          topic: message.topic,
          partition: message.partition,
          offset,
          groupId: this.groupId,
          deadLetterTopic: letter.topic,
          err: outcome.error,
        },
        'Event dead-lettered after its last attempt',
      );
    }
    cursor.position = offset + 1;
    this.broker.committed(cursor.topic, cursor.partition);
  }
}

/** The most messages one batch handler call is given. */
const MAX_BATCH = 500;

function incomingOf(cursor: Cursor, offset: number, stored: StoredMessage): IncomingMessage {
  return {
    topic: cursor.topic,
    partition: cursor.partition,
    offset: String(offset),
    key: stored.key,
    value: stored.value,
    headers: { ...stored.headers },
    timestamp: stored.timestamp,
  };
}

function cursorKey(topic: string, partition: number): string {
  return `${topic}\u0000${partition}`;
}
