import type { Clock } from '@gatehouse/domain';
import { ConcurrencyLimit, SecretBox } from '@gatehouse/crypto';
import type { FlowStore } from '@gatehouse/flow-state';
import { deliveryConsumerGroups, type EventBus, type OutboxRelay } from '@gatehouse/messaging';
import type { EventConsumers } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ResolvedDeliveryOptions } from './delivery-module-options';
import { DeliveryPipeline } from './delivery-pipeline';
import { HttpDeliverySender } from './http/ports/http-delivery-sender';
import { JobLauncher } from './jobs/ports/job-launcher';
import { JobTokenMinter } from './jobs/ports/job-token-minter';
import { DeliveryMetrics } from './metrics/delivery-metrics';
import { DeliveryAttempt } from './pipeline/delivery-attempt';
import { DeliveryDispatcher } from './pipeline/delivery-dispatcher';
import { DeliveryIds } from './pipeline/delivery-ids';
import { DEFAULT_FAILING_NOTICE_DAYS, type DeliverySettings } from './pipeline/delivery-settings';
import { DeliveryStore } from './pipeline/ports/delivery.store';
import type { DeliveryTask } from './pipeline/delivery-task';
import { ReplayIntake } from './pipeline/replay-intake.consumer';
import { RepoEventIntake } from './pipeline/repo-event-intake.consumer';
import { DEFAULT_PRUNE_BATCH_SIZE, DeliveryPruner } from './pipeline/delivery-pruner';
import { LeaseRenewer } from './pipeline/lease-renewer';
import { RetryScheduler } from './pipeline/retry-scheduler';
import { TriggerLimiter } from './pipeline/trigger-limiter';
import { WebhookAutoDisabler } from './pipeline/webhook-auto-disabler';
import { WebhookDisabler } from './pipeline/ports/webhook-disabler';
import { WebhookHealthStore } from './pipeline/ports/webhook-health.store';
import { WebhookHealthTracker } from './pipeline/webhook-health-tracker';
import { MembershipCache } from './subscriptions/membership-cache';
import { MembershipSource } from './subscriptions/ports/membership-source';
import { SubscriptionRegistry } from './subscriptions/subscription-registry';
import { WebhookChangesConsumer } from './subscriptions/webhook-changes.consumer';
import { WebhookDirectory } from './subscriptions/ports/webhook-directory';

export interface DeliveryPipelineDependencies {
  options: ResolvedDeliveryOptions;
  bus: EventBus;
  consumers: EventConsumers;
  flowStore: FlowStore;
  store: DeliveryStore;
  directory: WebhookDirectory;
  memberships: MembershipSource;
  disabler: WebhookDisabler;
  healthStore: WebhookHealthStore;
  http: HttpDeliverySender;
  jobs: JobLauncher;
  jobTokens: JobTokenMinter;
  metrics: DeliveryMetrics;
  clock: Clock;
  logger: Logger;
  relay?: OutboxRelay | null;
  random?: () => number;
}

/**
 * Attempts under way per request slot: besides the one sending, others write their attempt rows
 * (before and after sending), so the slots stay busy while the database answers.
 */
export const ATTEMPTS_PER_SEND_SLOT = 4;

const DAY_MS = 86_400_000;

/** Wires the pipeline's parts (plain classes over ports) from the module's providers. */
export function createDeliveryPipeline(deps: DeliveryPipelineDependencies): DeliveryPipeline {
  const { options, bus, store, metrics, clock } = deps;
  const logger = deps.logger.child({ component: 'delivery' });
  const ids = new DeliveryIds();
  const outboxWritten = () => deps.relay?.notify();
  const settings: DeliverySettings = {
    publicUrl: options.publicUrl,
    userAgent: options.userAgent,
    retryScheduleSeconds: options.retryScheduleSeconds,
    timeoutMs: options.timeoutMs,
    leaseMs: options.tuning.leaseMs,
    autoDisableAfterMs: options.tuning.autoDisableAfterMs,
    failingNoticeAfterMs: (options.failingNoticeDays ?? DEFAULT_FAILING_NOTICE_DAYS) * DAY_MS,
    deadLetterTopic: options.topics.deadLetter,
  };

  const membership = new MembershipCache(deps.memberships, logger);
  const registry = new SubscriptionRegistry(
    deps.directory,
    membership,
    {
      webhookStopped: async (webhookId) => {
        const cancelled = await store.cancelPending(webhookId, new Date(clock.now()));
        if (cancelled > 0) metrics.delivery('cancelled', 'unknown', cancelled);
      },
      ownerAppeared: (ownerId) => {
        if (!membership.knows(ownerId))
          membership
            .reload()
            .catch((error: unknown) => logger.warn({ err: error }, 'membership reload failed'));
      },
    },
    { clock },
  );
  const limiter = new TriggerLimiter(
    deps.flowStore,
    { limit: options.dailyTriggerLimit, windowMs: 24 * 3_600_000, bucketMs: 3_600_000 },
    (error) => logger.warn({ err: error }, 'could not count a webhook trigger in flow state'),
  );
  const health = new WebhookHealthTracker(
    { store: deps.healthStore, clock, outboxWritten, logger },
    settings.failingNoticeAfterMs,
  );
  const autoDisabler = new WebhookAutoDisabler(
    { store, disabler: deps.disabler, registry, clock, outboxWritten, logger, metrics, health },
    settings.autoDisableAfterMs,
  );
  const attempt = new DeliveryAttempt(
    {
      store,
      registry,
      http: deps.http,
      jobs: deps.jobs,
      jobTokens: deps.jobTokens,
      secretBox: SecretBox.fromKeyRing(options.encryptionKey),
      autoDisabler,
      health,
      metrics,
      clock,
      ids,
      random: deps.random ?? Math.random,
      sendSlots: new ConcurrencyLimit(options.tuning.concurrency),
      outboxWritten,
      logger,
    },
    settings,
  );
  const dispatcher = new DeliveryDispatcher<DeliveryTask>(
    (task, laneFree, placeFree) => attempt.run(task, laneFree, placeFree),
    {
      concurrency: options.tuning.concurrency * ATTEMPTS_PER_SEND_SLOT,
      highWaterMark: options.tuning.queueHighWaterMark,
    },
    (error, task) =>
      logger.error(
        { err: error, deliveryId: task.deliveryId },
        'delivery attempt failed unexpectedly; the lease will expire and it will be retried',
      ),
    (depth) => metrics.setQueueDepth(depth),
  );
  const instanceId =
    options.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  return new DeliveryPipeline(
    {
      bus,
      consumers: deps.consumers,
      store,
      registry,
      membership,
      webhookChanges: new WebhookChangesConsumer(deps.consumers, registry, {
        topic: options.topics.webhookChanged,
        groupId: `${deliveryConsumerGroups(options.groupId).webhookChangesPrefix}${instanceId}`,
      }),
      intake: new RepoEventIntake(
        { registry, store, limiter, dispatcher, metrics, clock, ids },
        settings,
      ),
      replays: new ReplayIntake(
        { registry, store, limiter, dispatcher, metrics, clock, logger },
        settings,
      ),
      scheduler: new RetryScheduler({ store, dispatcher, metrics, clock, logger }, settings, {
        pollIntervalMs: options.tuning.pollIntervalMs,
        batchSize: options.tuning.claimBatchSize,
        gaugeIntervalMs: options.tuning.retriesGaugeIntervalMs,
      }),
      dispatcher,
      leases: new LeaseRenewer({ store, dispatcher, clock, logger }, settings),
      pruner: new DeliveryPruner(
        { store, clock, logger },
        {
          retentionMs: options.retentionDays * 86_400_000,
          intervalMs: options.tuning.pruneIntervalMs,
          batchSize: DEFAULT_PRUNE_BATCH_SIZE,
        },
      ),
      http: deps.http,
      logger,
      now: () => clock.now(),
    },
    {
      topics: options.topics,
      groupId: options.groupId,
      membershipRefreshMs: options.tuning.membershipRefreshMs,
      shutdownGraceMs: Math.min(options.tuning.shutdownGraceMs, options.timeoutMs),
    },
  );
}
