import {
  deliveryConsumerGroups,
  GATEHOUSE_TOPIC_SPECS,
  type EventBus,
  type IncomingMessage,
  type Subscription,
  Topics,
  type TopicSpec,
} from '@gatehouse/messaging';
import type { EventConsumers } from '@gatehouse/platform';
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
  /** Notices of failing webhooks, to their owners' mailer (Topics.webhookNotices). */
  webhookNotices: string;
}

export interface DeliveryPipelineParts {
  bus: EventBus;
  /** Subscribes the handlers of DeliveryEventsConsumer, when the start gets to each. */
  consumers: EventConsumers;
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
 * table, the retry scheduler, then the repo-event and replay consumers in the shared group. The
 * consumers are DeliveryEventsConsumer's `@EventPattern` methods, which call the `handle…`
 * methods here; the pipeline subscribes them (`startedBy: 'feature'`) at their place in this order.
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
      consumers,
      registry,
      membership,
      webhookChanges,
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
        await consumers.subscribe(Topics.repoEvents, { topic: topics.repoEvents, groupId }),
        await consumers.subscribe(Topics.deliveryReplay, {
          topic: topics.replays,
          groupId: deliveryConsumerGroups(groupId).replays,
        }),
      );
      this.started = true;
      logger.info({ webhooks, groupId, topics }, 'delivery pipeline started');
    } catch (error) {
      await this.stopConsuming();
      throw error;
    }
  }

  /** Repo change events the bus fetched from one partition at once (RepoEventIntake). */
  handleRepoEvents(messages: readonly IncomingMessage[]): Promise<void> {
    return this.parts.intake.handleBatch(messages);
  }

  /** One replay request (ReplayIntake). */
  handleReplay(message: IncomingMessage): Promise<void> {
    return this.parts.replays.handle(message);
  }

  /** One webhook.changed event (WebhookChangesConsumer). */
  handleWebhookChange(message: IncomingMessage): Promise<void> {
    return this.parts.webhookChanges.handle(message);
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
