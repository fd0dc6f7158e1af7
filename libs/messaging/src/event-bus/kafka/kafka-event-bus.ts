import { Admin, Kafka, KafkaConfig, Partitioners, Producer, logLevel } from 'kafkajs';
import { MessagingLogger, stderrMessagingLogger } from '../../messaging-logger';
import { TopicSpec } from '../../topics';
import {
  ConsumerStatus,
  EventBus,
  OutgoingMessage,
  SubscribeOptions,
  Subscription,
} from '../event-bus';
import { DEFAULT_RETRY_BACKOFF, RetryBackoff } from '../handle-with-retries';
import { systemSupervisorClock } from './consumer-supervisor';
import { kafkaLogCreator } from './kafka-logger';
import { toKafkaMessage } from './kafka-message';
import { KafkaSubscription, KafkaSubscriptionSettings } from './kafka-subscription';
import { DEFAULT_RESTART_BACKOFF, RestartBackoff } from './restart-backoff';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /** TLS, SASL and socket timeouts, passed to kafkajs as they are. */
  connection?: Pick<KafkaConfig, 'ssl' | 'sasl' | 'connectionTimeout' | 'requestTimeout'>;
  logger?: MessagingLogger;
  /** kafkajs's own log level; default WARN. */
  kafkaLogLevel?: logLevel;
  backoff?: RetryBackoff;
  /** Wait between a consumer's crash and the start of its replacement; default 1 s doubling to 15 s, jittered. */
  restartBackoff?: RestartBackoff;
  /** How long closing waits for an in-flight handler before giving up on it; default 30 s. */
  shutdownTimeoutMs?: number;
  /**
   * How long the group waits for a silent member before giving its partitions to the others;
   * default 6 s (the broker's default minimum). Heartbeats go on while a handler runs, so this
   * bounds how long a crashed process holds its partitions, not how long a handler may take.
   */
  sessionTimeoutMs?: number;
  /** Default 1 s. */
  heartbeatIntervalMs?: number;
  /** How long an idle fetch waits on the broker; new messages still arrive at once. Default 1 s. */
  maxWaitTimeMs?: number;
  /** Partitions handled at the same time per subscriber (each one message at a time); default 3. */
  partitionsConsumedConcurrently?: number;
  /** How long subscribe() waits for the first join, crashes and restarts included; default 60 s. */
  subscribeTimeoutMs?: number;
  /** ping() fails when the broker has not answered within this time; default 5 s. */
  pingTimeoutMs?: number;
  now?: () => Date;
}

const DEFAULT_SESSION_TIMEOUT_MS = 6_000;
const DEFAULT_HEARTBEAT_INTERVAL_MS = 1_000;

/**
 * EventBus over Kafka with kafkajs: an idempotent producer and manually committed consumer groups
 * whose consumers are restarted after any crash (KafkaSubscription).
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: Kafka;
  private readonly subscriptionSettings: KafkaSubscriptionSettings;
  /** Open subscriptions, those still joining included. */
  private readonly subscriptions = new Map<Subscription, KafkaSubscription>();
  /**
   * Groups whose subscribe() gave up before joining, as they stood: reported as stopped until the
   * group is subscribed again (its owner tries again), so a consumer that never started does not
   * vanish from readiness, and the next try carries on the time the group has been without it.
   */
  private readonly gaveUp = new Map<string, ConsumerStatus>();
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private readonly pingTimeoutMs: number;
  private closed = false;

  constructor(options: KafkaEventBusOptions) {
    this.pingTimeoutMs = options.pingTimeoutMs ?? 5_000;
    const logger = options.logger ?? stderrMessagingLogger;
    this.kafka = new Kafka({
      ...options.connection,
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: options.kafkaLogLevel ?? logLevel.WARN,
      logCreator: kafkaLogCreator(logger),
    });
    this.subscriptionSettings = {
      backoff: options.backoff ?? DEFAULT_RETRY_BACKOFF,
      restartBackoff: options.restartBackoff ?? DEFAULT_RESTART_BACKOFF,
      shutdownTimeoutMs: options.shutdownTimeoutMs ?? 30_000,
      sessionTimeoutMs: options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS,
      maxWaitTimeMs: options.maxWaitTimeMs ?? 1_000,
      partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 3,
      subscribeTimeoutMs: options.subscribeTimeoutMs ?? 60_000,
      logger,
      now: options.now ?? (() => new Date()),
      random: Math.random,
      clock: systemSupervisorClock,
      deadLetter: (letter) => this.publish(letter.topic, [letter.message]),
    };
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.assertOpen();
    if (messages.length === 0) return;
    const producer = await this.connectedProducer();
    await producer.send({ topic, acks: -1, messages: messages.map(toKafkaMessage) });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (options.topics.length === 0) throw new Error('subscribe() needs at least one topic');
    const earlier = this.gaveUp.get(options.groupId);
    this.gaveUp.delete(options.groupId);
    const kafkaSubscription = new KafkaSubscription(
      this.kafka,
      options,
      this.subscriptionSettings,
      earlier?.notJoinedSince,
    );
    const subscription: Subscription = {
      close: () =>
        kafkaSubscription
          .close()
          .then(() => (options.ephemeral ? this.deleteGroup(options.groupId) : undefined))
          .finally(() => this.subscriptions.delete(subscription)),
    };
    this.subscriptions.set(subscription, kafkaSubscription);
    try {
      await kafkaSubscription.start();
    } catch (error) {
      this.subscriptions.delete(subscription);
      if (!this.closed) this.gaveUp.set(options.groupId, kafkaSubscription.status());
      throw error;
    }
    return subscription;
  }

  consumers(): ConsumerStatus[] {
    return [
      ...[...this.subscriptions.values()].map((subscription) => subscription.status()),
      ...this.gaveUp.values(),
    ];
  }

  async ensureTopics(specs: readonly TopicSpec[]): Promise<void> {
    this.assertOpen();
    if (specs.length === 0) return;
    const admin = await this.connectedAdmin();
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter((spec) => !existing.has(spec.topic));
    if (missing.length === 0) return;
    try {
      await this.createTopics(admin, missing);
    } catch (error) {
      // Replicas starting side by side create the same topics at once: the loser's metadata
      // request can find the topic not yet hosted. The topics being there with leaders is all
      // that was asked for, so that is what is checked before giving up.
      if (!isTopicCreationRace(error)) throw error;
      await awaitTopicLeaders(
        admin,
        missing.map((spec) => spec.topic),
        this.pingTimeoutMs * 10,
      );
    }
  }

  private async createTopics(admin: Admin, missing: readonly TopicSpec[]): Promise<void> {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((spec) => ({
        topic: spec.topic,
        numPartitions: spec.partitions,
        replicationFactor: spec.replicationFactor,
        configEntries: [
          ...(spec.compacted ? [{ name: 'cleanup.policy', value: 'compact' }] : []),
          ...(spec.retentionMs !== undefined
            ? [{ name: 'retention.ms', value: String(spec.retentionMs) }]
            : []),
        ],
      })),
    });
  }

  async ping(): Promise<void> {
    this.assertOpen();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Kafka did not answer within ${this.pingTimeoutMs} ms`)),
        this.pingTimeoutMs,
      );
    });
    const probe = this.connectedAdmin().then((admin) => admin.describeCluster());
    probe.catch(() => undefined); // a late failure after the timeout is already reported
    try {
      await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.gaveUp.clear();
    await Promise.all([...this.subscriptions.keys()].map((subscription) => subscription.close()));
    // A client still connecting to an unreachable broker is disconnected once its connect settles,
    // without holding close() up for kafkajs's whole connect-retry schedule.
    const disconnects = [this.producer, this.admin].map((client) =>
      client?.then(
        (connected) => connected.disconnect(),
        () => undefined,
      ),
    );
    await Promise.race([Promise.all(disconnects), delay(this.pingTimeoutMs)]);
  }

  /** Best effort: a group the broker still thinks busy is dropped by it once empty, having no offsets. */
  private async deleteGroup(groupId: string): Promise<void> {
    try {
      const admin = await this.connectedAdmin();
      await admin.deleteGroups([groupId]);
    } catch (error) {
      this.subscriptionSettings.logger.warn(
        { groupId, err: error },
        'could not delete an ephemeral consumer group; the broker drops it once empty',
      );
    }
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= connectOnce(
      this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1, // with retries, keeps each partition's messages in send order
        createPartitioner: Partitioners.DefaultPartitioner,
        allowAutoTopicCreation: true,
      }),
      () => (this.producer = undefined),
    );
    return this.producer;
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= connectOnce(this.kafka.admin(), () => (this.admin = undefined));
    return this.admin;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('KafkaEventBus is closed');
  }
}

/** Connects a kafkajs client; a failed connect is forgotten so the next call tries again. */
async function connectOnce<T extends { connect(): Promise<void> }>(
  client: T,
  forget: () => void,
): Promise<T> {
  try {
    await client.connect();
    return client;
  } catch (error) {
    forget();
    throw error;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

const TOPIC_CREATION_RACES = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'TOPIC_ALREADY_EXISTS',
  'LEADER_NOT_AVAILABLE',
]);

function isTopicCreationRace(error: unknown): boolean {
  const nested = (error as { errors?: unknown[] } | null)?.errors;
  if (Array.isArray(nested) && nested.length > 0) return nested.every(isTopicCreationRace);
  return TOPIC_CREATION_RACES.has(String((error as { type?: unknown } | null)?.type));
}

/** Resolves once every partition of `topics` has a leader; the last error when `withinMs` runs out. */
async function awaitTopicLeaders(
  admin: Admin,
  topics: readonly string[],
  withinMs: number,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      const { topics: described } = await admin.fetchTopicMetadata({ topics: [...topics] });
      const led = described.every(
        (topic) =>
          topic.partitions.length > 0 &&
          topic.partitions.every((partition) => partition.leader >= 0),
      );
      if (led && described.length === topics.length) return;
      if (Date.now() > deadline) throw new Error(`topics ${topics.join(', ')} have no leader yet`);
    } catch (error) {
      if (Date.now() > deadline || !isTopicCreationRace(error)) throw error;
    }
    await delay(100);
  }
}
