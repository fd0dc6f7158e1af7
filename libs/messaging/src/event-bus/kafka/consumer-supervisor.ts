import type { MessagingLogger } from '../../messaging-logger';
import type { ConsumerState, ConsumerStatus } from '../event-bus';
import { type RestartBackoff, restartDelayMs } from './restart-backoff';

/** What one consumer tells its supervisor. */
export interface ConsumerSignals {
  /** A member of its group, consuming. */
  joined(): void;
  /** No longer a member until joined() again: the group is rebalancing. */
  rejoining(): void;
  /** Dead: it will consume nothing more. */
  crashed(error: unknown): void;
}

/** One consumer from connect to disconnect. The supervisor makes a new one for every start. */
export interface SupervisedConsumer {
  /** Connects, subscribes and runs; rejects when one of them fails. */
  start(): Promise<void>;
  /** Leaves the group and disconnects; callable at any time, more than once. */
  stop(): Promise<void>;
}

/** The supervisor's time; tests pass a fake one and fire its timers themselves. */
export interface SupervisorClock {
  now(): number;
  /** Calls `fire` once `ms` have passed; returns a function that cancels it. */
  after(ms: number, fire: () => void): () => void;
}

export const systemSupervisorClock: SupervisorClock = {
  now: () => Date.now(),
  after: (ms, fire) => {
    const timer = setTimeout(fire, ms);
    return () => clearTimeout(timer);
  },
};

export interface ConsumerSupervisorOptions {
  groupId: string;
  topics: readonly string[];
  backoff: RestartBackoff;
  /** A number in [0, 1) for the back-off's jitter. */
  random(): number;
  clock: SupervisorClock;
  logger: MessagingLogger;
  /** When an earlier subscription of the same group gave up before joining: the group has been without a member of this process since then. */
  notJoinedSince?: number;
}

interface Generation {
  consumer: SupervisedConsumer;
  /** When it first joined. */
  joinedAt?: number;
  /** Crashed (a new one replaces it) or the supervisor closed. */
  over: boolean;
}

const NOTHING_TO_STOP: SupervisedConsumer = {
  start: async () => undefined,
  stop: async () => undefined,
};

/**
 * Keeps one subscriber in its group for the life of the subscription. After any crash (a
 * consumer that reports one, or a start that fails) the dead consumer is stopped and, after a
 * jittered exponential back-off, a new one is started; forever, until close(). Its state
 * (joining, joined, rejoining, stopped) and since when it has not been joined are what readiness
 * and metrics report (docs/operations.md "Readiness").
 */
export class ConsumerSupervisor {
  private state: ConsumerState = 'joining';
  private notJoinedSince: number;
  private everJoined = false;
  private restarts = 0;
  private crashesInARow = 0;
  private lastCrash?: unknown;
  private current?: Generation;
  private cancelRestart?: () => void;
  /** The crashed consumer's stop: the next one starts only after it has let go. */
  private letGo: Promise<void> = Promise.resolve();
  private closing?: Promise<void>;
  private readonly firstJoin: Promise<void>;
  private resolveFirstJoin!: () => void;
  private rejectFirstJoin!: (error: Error) => void;

  constructor(
    private readonly create: (signals: ConsumerSignals) => SupervisedConsumer,
    private readonly options: ConsumerSupervisorOptions,
  ) {
    this.notJoinedSince = options.notJoinedSince ?? options.clock.now();
    this.firstJoin = new Promise<void>((resolve, reject) => {
      this.resolveFirstJoin = resolve;
      this.rejectFirstJoin = reject;
    });
    this.firstJoin.catch(() => undefined); // start() hands it to its caller; this only keeps an unawaited rejection quiet
  }

  /**
   * Starts the first consumer. Resolves when it, or one started after it crashed, first joins;
   * rejects when close() comes first. Throws at once when the consumer cannot even be made (its
   * settings are wrong), since every restart would fail the same way.
   */
  start(): Promise<void> {
    this.launch(true);
    return this.firstJoin;
  }

  /** What made the latest consumer crash (or its start fail), if one has; for a start that gives up. */
  latestCrash(): unknown {
    return this.lastCrash;
  }

  status(): ConsumerStatus {
    const { groupId, topics } = this.options;
    const base = { groupId, topics, state: this.state, restarts: this.restarts };
    return this.state === 'joined' ? base : { ...base, notJoinedSince: this.notJoinedSince };
  }

  /**
   * Cancels a pending restart and stops the consumer, whatever it is doing. A start under way
   * cannot be cut short (kafkajs goes on with a connect to an absent broker), so it is not waited
   * for: when it ends, the consumer it made is stopped at once and never runs.
   */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.cancelRestart?.();
    this.cancelRestart = undefined;
    this.rejectFirstJoin(
      new Error(`the subscription of group '${this.options.groupId}' was closed before it joined`),
    );
    if (this.state === 'joined') this.notJoinedSince = this.options.clock.now();
    this.state = 'stopped';
    const generation = this.current;
    if (generation) generation.over = true;
    this.closing = Promise.all([
      this.letGo,
      generation?.consumer.stop().catch((error: unknown) => this.stopFailed(error)),
    ]).then(() => undefined);
    return this.closing;
  }

  private launch(throwIfUnmade = false): void {
    const generation: Generation = { consumer: NOTHING_TO_STOP, over: false };
    this.current = generation;
    try {
      generation.consumer = this.create({
        joined: () => this.joined(generation),
        rejoining: () => this.rejoining(generation),
        crashed: (error) => this.crashed(generation, error),
      });
    } catch (error) {
      if (throwIfUnmade) throw error;
      this.crashed(generation, error);
      return;
    }
    generation.consumer.start().then(
      () => {
        // A stop() that came while it was connecting or joining found nothing to stop yet.
        if (this.closing)
          void generation.consumer.stop().catch((error: unknown) => this.stopFailed(error));
      },
      (error: unknown) => {
        if (this.closing)
          void generation.consumer.stop().catch((stopError: unknown) => this.stopFailed(stopError));
        else this.crashed(generation, error);
      },
    );
  }

  private joined(generation: Generation): void {
    if (!this.isLive(generation)) return;
    const now = this.options.clock.now();
    const firstJoinOfThisConsumer = generation.joinedAt === undefined;
    generation.joinedAt ??= now;
    if (this.state === 'joined') return;
    if (this.restarts > 0 && firstJoinOfThisConsumer) {
      this.options.logger.info(
        {
          groupId: this.options.groupId,
          restarts: this.restarts,
          notJoinedForMs: now - this.notJoinedSince,
        },
        'Kafka consumer joined its group again after a crash',
      );
    }
    this.state = 'joined';
    this.everJoined = true;
    this.resolveFirstJoin();
  }

  private rejoining(generation: Generation): void {
    if (!this.isLive(generation) || this.state !== 'joined') return;
    this.state = 'rejoining';
    this.notJoinedSince = this.options.clock.now();
  }

  private crashed(generation: Generation, error: unknown): void {
    if (!this.isLive(generation)) return;
    generation.over = true;
    this.lastCrash = error;
    const { clock, backoff, groupId, topics, logger } = this.options;
    const now = clock.now();
    // A consumer that stayed joined as long as the longest wait was not crashing in a loop.
    if (generation.joinedAt !== undefined && now - generation.joinedAt >= backoff.maxMs)
      this.crashesInARow = 0;
    this.crashesInARow += 1;
    if (this.state === 'joined') this.notJoinedSince = now;
    this.state = 'stopped';
    const restartInMs = restartDelayMs(this.crashesInARow, this.options.random(), backoff);
    logger.error(
      { groupId, topics, err: error, crashesInARow: this.crashesInARow, restartInMs },
      'Kafka consumer crashed; starting a new one after the back-off',
    );
    this.letGo = generation.consumer
      .stop()
      .catch((stopError: unknown) => this.stopFailed(stopError));
    this.cancelRestart = clock.after(restartInMs, () => {
      this.cancelRestart = undefined;
      void this.restart();
    });
  }

  private async restart(): Promise<void> {
    await this.letGo;
    if (this.closing) return;
    this.restarts += 1;
    this.state = this.everJoined ? 'rejoining' : 'joining';
    this.launch();
  }

  private isLive(generation: Generation): boolean {
    return !this.closing && generation === this.current && !generation.over;
  }

  private stopFailed(error: unknown): void {
    this.options.logger.warn(
      { groupId: this.options.groupId, err: error },
      'Kafka consumer did not stop cleanly',
    );
  }
}
