import { EventBus, OutgoingMessage } from '../event-bus/event-bus';
import { MessagingLogger, stderrMessagingLogger } from '../messaging-logger';
import { OutboxRecord, OutboxStore } from './outbox.store';

export interface OutboxRelayOptions {
  /** Records per transaction; default 100. */
  batchSize?: number;
  /** How soon a relay looks again after finding records; default 200 ms. notify() wakes it sooner. */
  pollIntervalMs?: number;
  /**
   * The longest wait between looks while the outbox stays empty: each empty look doubles the
   * wait from `pollIntervalMs` up to this; default five times `pollIntervalMs`. An idle service
   * then polls a few times a second at most instead of five, and notify() still wakes it at once.
   */
  maxIdlePollMs?: number;
  /** Wait after a failed batch (broker or database down); default 1 s. */
  errorBackoffMs?: number;
  /**
   * Only records of these topics: a service's relay publishes what its own Kafka user may write
   * (KAFKA_ACCESS), and leaves other services' records to their relays. Default: every record.
   */
  topics?: readonly string[];
  logger?: MessagingLogger;
}

/**
 * Publishes what producers wrote to the outbox (docs/architecture.md "Events (Kafka)": a crash
 * between commit and publish loses nothing). Records are published in id order, so events of one
 * key keep their order as long as one relay drains a given database at a time.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly maxIdlePollMs: number;
  private readonly errorBackoffMs: number;
  private readonly topics?: readonly string[];
  private readonly logger: MessagingLogger;
  private relayedCount = 0;
  private loop?: Promise<void>;
  private stopping = false;
  private wakeRequested = false;
  private wake?: () => void;

  constructor(
    private readonly store: OutboxStore,
    private readonly bus: EventBus,
    options: OutboxRelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 200;
    this.maxIdlePollMs = Math.max(
      this.pollIntervalMs,
      options.maxIdlePollMs ?? this.pollIntervalMs * 5,
    );
    this.errorBackoffMs = options.errorBackoffMs ?? 1000;
    if (options.topics) this.topics = [...options.topics];
    this.logger = options.logger ?? stderrMessagingLogger;
  }

  /** Records published since this relay was made. */
  get relayed(): number {
    return this.relayedCount;
  }

  get running(): boolean {
    return this.loop !== undefined;
  }

  /** Starts draining in the background until stop(). */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.drain();
  }

  /**
   * How long the oldest record this relay publishes has waited, in seconds at `now`; 0 when every
   * record is out. A value that keeps growing means the relay cannot publish (broker down, ACL).
   */
  async oldestUnsentAgeSeconds(now: number): Promise<number> {
    const oldest = await this.store.oldestUnsentAt(this.topics);
    return oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0;
  }

  /** Says new records were committed: the relay looks now instead of at its next poll. */
  notify(): void {
    this.wakeRequested = true;
    this.wake?.();
  }

  /** Lets the batch in flight finish, then returns. */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  /** Publishes one batch; returns how many records it held. For tests and one-shot commands. */
  async relayOnce(): Promise<number> {
    const count = await this.store.relayBatch(
      this.batchSize,
      (records) => this.publish(records),
      this.topics,
    );
    this.relayedCount += count;
    return count;
  }

  private async drain(): Promise<void> {
    let idleWait = this.pollIntervalMs;
    while (!this.stopping) {
      let count: number;
      try {
        count = await this.relayOnce();
      } catch (error) {
        this.logger.error(
          { err: error },
          'Outbox relay failed to publish a batch; it stays in the outbox',
        );
        await this.pause(this.errorBackoffMs);
        continue;
      }
      if (count >= this.batchSize) continue;
      idleWait = count > 0 ? this.pollIntervalMs : Math.min(idleWait * 2, this.maxIdlePollMs);
      // A notify() during the wait means records were just committed: look at the short interval again.
      if (await this.pause(count > 0 ? this.pollIntervalMs : idleWait))
        idleWait = this.pollIntervalMs;
    }
  }

  private async publish(records: OutboxRecord[]): Promise<void> {
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const record of records) {
      const messages = byTopic.get(record.topic) ?? [];
      messages.push({ key: record.key, value: record.value, headers: record.headers });
      byTopic.set(record.topic, messages);
    }
    for (const [topic, messages] of byTopic) await this.bus.publish(topic, messages);
  }

  /** Sleeps up to `ms`, or less when notify() or stop() is called; true when woken early. */
  private pause(ms: number): Promise<boolean> {
    if (this.wakeRequested || this.stopping) {
      this.wakeRequested = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const done = (early: boolean) => {
        clearTimeout(timer);
        this.wake = undefined;
        this.wakeRequested = false;
        resolve(early);
      };
      const timer = setTimeout(() => done(false), ms);
      this.wake = () => done(true);
    });
  }
}
