import {
  deliveryConsumerGroups,
  GATEHOUSE_TOPIC_SPECS,
  type EventBus,
  type Subscription,
  type TopicSpec,
} from '@gatehouse/messaging';
import type { Logger } from 'pino';
import { HttpDeliverySender } from './http/ports/http-delivery-sender';
import { DeliveryDispatcher } from './pipeline/delivery-dispatcher';
import { DeliveryStore } from './pipeline/ports/delivery.store';
import { type DeliveryTask, leasesOf } from './pipeline/delivery-task';
import { ReplayIntake } from './pipeline/replay-intake.consumer';
import { RepoEventIntake } from './pipeline/repo-event-intake.consumer';
import { DeliveryPruner } from './pipeline/delivery-pruner';
import { LeaseRenewer } from './pipeline/lease-renewer';
import { RetryScheduler } from './pipeline/retry-scheduler';
import { MembershipCache } from './subscriptions/membership-cache';
import { SubscriptionRegistry } from './subscriptions/subscription-registry';
import { WebhookChangesConsumer } from './subscriptions/webhook-changes.consumer';

export interface DeliveryTopics {
  /** Repo change events (Topics.repoEvents). */
  repoEvents: string;
  /** webhook.changed, compacted (Topics.webhookChanged). */
  webhookChanged: string;
  /** Dead-lettered deliveries (Topics.deliveryDeadLetter). */
  deadLetter: string;
  /** Replay requests from webhook-management (Topics.deliveryReplay). */
  replays: string;
}

export interface DeliveryPipelineParts {
  bus: EventBus;
  store: DeliveryStore;
  registry: SubscriptionRegistry;
  membership: MembershipCache;
  webhookChanges: WebhookChangesConsumer;
  intake: RepoEventIntake;
  replays: ReplayIntake;
  scheduler: RetryScheduler;
  dispatcher: DeliveryDispatcher<DeliveryTask>;
  leases: LeaseRenewer;
  pruner: DeliveryPruner;
  http: HttpDeliverySender;
  logger: Pick<Logger, 'info' | 'warn'>;
  now: () => number;
}

export interface DeliveryPipelineOptions {
  topics: DeliveryTopics;
  /** The consumer group every replica shares for repo events and replays. */
  groupId: string;
  membershipRefreshMs: number;
  /** How long stopping waits for attempts in flight. */
  shutdownGraceMs: number;
}

/**
 * Starts and stops the worker's parts in order. Start: memberships, the webhook-changed consumer
 * (joined before the table is read, so no change falls between), the subscription index from the
 * table, the retry scheduler, then the repo-event and replay consumers in the shared group.
 * Stop: consumers first (their in-flight handler finishes and commits), then the scheduler, then
 * the dispatcher (attempts in flight finish, their leases still renewed; leases of those not
 * started are given back).
 */
export class DeliveryPipeline {
  private subscriptions: Subscription[] = [];
  private started = false;

  constructor(
    private readonly parts: DeliveryPipelineParts,
    private readonly options: DeliveryPipelineOptions,
  ) {}

  get isStarted(): boolean {
    return this.started;
  }

  /** Starts every part; a failure stops what had started (the dispatcher stays usable) and is thrown, so start() may be called again. */
  async start(): Promise<void> {
    const {
      bus,
      registry,
      membership,
      webhookChanges,
      intake,
      replays,
      scheduler,
      leases,
      pruner,
      logger,
    } = this.parts;
    const { topics, groupId } = this.options;
    try {
      await bus.ensureTopics(this.topicSpecs());
      await membership.reload();
      membership.startRefreshing(this.options.membershipRefreshMs);
      await webhookChanges.start();
      const webhooks = await registry.loadAll();
      leases.start();
      scheduler.start();
      pruner.start();
      this.subscriptions.push(
        await bus.subscribe({
          topics: [topics.repoEvents],
          groupId,
          fromBeginning: true,
          handler: (message) => intake.handle(message),
          batchHandler: (messages) => intake.handleBatch(messages),
        }),
        await bus.subscribe({
          topics: [topics.replays],
          groupId: deliveryConsumerGroups(groupId).replays,
          fromBeginning: true,
          handler: (message) => replays.handle(message),
        }),
      );
      this.started = true;
      logger.info({ webhooks, groupId, topics }, 'delivery pipeline started');
    } catch (error) {
      await this.stopConsuming();
      throw error;
    }
  }

  async stop(): Promise<void> {
    const { store, dispatcher, leases, http, now } = this.parts;
    this.started = false;
    await this.stopConsuming();
    const notStarted = await dispatcher.stop(this.options.shutdownGraceMs);
    await leases.stop();
    await store
      .releaseLeases(
        notStarted.map((task) => ({ id: task.deliveryId, leases: leasesOf(task) })),
        new Date(now()),
      )
      .catch(() => undefined);
    await http.close();
  }

  /** Consumers first (their in-flight handler finishes and commits), then the scheduler, the pruner and the webhook-changed consumer. */
  private async stopConsuming(): Promise<void> {
    const { webhookChanges, membership, scheduler, pruner } = this.parts;
    await Promise.allSettled(
      this.subscriptions.splice(0).map((subscription) => subscription.close()),
    );
    await scheduler.stop();
    await pruner.stop();
    await webhookChanges.stop().catch(() => undefined);
    membership.stop();
  }

  private topicSpecs(): TopicSpec[] {
    const { topics } = this.options;
    const known = new Map(GATEHOUSE_TOPIC_SPECS.map((spec) => [spec.topic, spec]));
    return [topics.repoEvents, topics.webhookChanged, topics.deadLetter, topics.replays].map(
      (topic) => ({
        ...(known.get(topic) ?? {}),
        topic,
        ...(topic === topics.webhookChanged ? { compacted: true } : {}),
      }),
    );
  }
}
