import { ConcurrencyLimit } from '@gatehouse/crypto';
import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { Registry } from 'prom-client';
import { HttpDeliverySender } from '../http/ports/http-delivery-sender';
import { JobLauncher } from '../jobs/ports/job-launcher';
import { JobTokenMinter } from '../jobs/ports/job-token-minter';
import { DeliveryMetrics } from '../metrics/delivery-metrics';
import { DeliveryAttempt } from '../pipeline/delivery-attempt';
import { DeliveryDispatcher } from '../pipeline/delivery-dispatcher';
import { DeliveryIds } from '../pipeline/delivery-ids';
import type { DeliverySettings } from '../pipeline/delivery-settings';
import type { DeliveryTask } from '../pipeline/delivery-task';
import { ReplayIntake } from '../pipeline/replay-intake.consumer';
import { RepoEventIntake } from '../pipeline/repo-event-intake.consumer';
import { RetryScheduler } from '../pipeline/retry-scheduler';
import { TriggerLimiter } from '../pipeline/trigger-limiter';
import { WebhookAutoDisabler } from '../pipeline/webhook-auto-disabler';
import { WebhookHealthTracker } from '../pipeline/webhook-health-tracker';
import { MembershipCache } from '../subscriptions/membership-cache';
import { SubscriptionRegistry } from '../subscriptions/subscription-registry';
import type { WebhookSnapshot } from '../subscriptions/ports/webhook-snapshot';
import {
  FakeMembershipSource,
  FakeWebhookDirectory,
  FakeWebhookDisabler,
  RecordingJobLauncher,
  RecordingJobTokenMinter,
  ScriptedHttpSender,
  silentLogger,
  testBox,
} from './fakes';
import { InMemoryDeliveryStore } from './in-memory-delivery.store';
import { InMemoryWebhookHealthStore } from './in-memory-webhook-health.store';

export interface HarnessOptions {
  http?: HttpDeliverySender;
  jobs?: JobLauncher;
  jobTokens?: JobTokenMinter;
  retryScheduleSeconds?: number[];
  triggerLimit?: number;
  failingNoticeAfterMs?: number;
}

/** The pipeline's parts over fakes and a frozen clock, wired as createDeliveryPipeline does. */
export function pipelineHarness(options: HarnessOptions = {}) {
  const clock = new FrozenClock(Date.UTC(2026, 0, 1, 12));
  const directory = new FakeWebhookDirectory();
  const memberships = new FakeMembershipSource();
  const store = new InMemoryDeliveryStore();
  const http = options.http ?? new ScriptedHttpSender();
  const jobs = options.jobs ?? new RecordingJobLauncher();
  const jobTokens = options.jobTokens ?? new RecordingJobTokenMinter();
  const disabler = new FakeWebhookDisabler(directory);
  const registry = new SubscriptionRegistry(
    directory,
    new MembershipCache(memberships),
    { webhookStopped: async (id) => void (await store.cancelPending(id)) },
    { clock },
  );
  const metricsRegistry = new Registry();
  const metrics = new DeliveryMetrics(metricsRegistry);
  const ids = new DeliveryIds();
  const limiter = new TriggerLimiter(new MemoryFlowStore({ clock }), {
    limit: options.triggerLimit ?? 1000,
    windowMs: 86_400_000,
    bucketMs: 3_600_000,
  });
  const settings: DeliverySettings = {
    publicUrl: 'https://hub.example',
    userAgent: 'Gatehouse-Webhooks/test',
    retryScheduleSeconds: options.retryScheduleSeconds ?? [5, 300],
    timeoutMs: 15_000,
    leaseMs: 60_000,
    autoDisableAfterMs: 5 * 86_400_000,
    failingNoticeAfterMs: options.failingNoticeAfterMs ?? 3 * 86_400_000,
    deadLetterTopic: 'gatehouse.delivery-dlq.v1',
  };
  let relayNotified = 0;
  const outboxWritten = () => void (relayNotified += 1);
  const healthStore = new InMemoryWebhookHealthStore();
  const health = new WebhookHealthTracker(
    { store: healthStore, clock, outboxWritten, logger: silentLogger },
    settings.failingNoticeAfterMs,
  );
  const autoDisabler = new WebhookAutoDisabler(
    { store, disabler, registry, clock, outboxWritten, logger: silentLogger, metrics, health },
    settings.autoDisableAfterMs,
  );
  const attempt = new DeliveryAttempt(
    {
      store,
      registry,
      http,
      jobs,
      jobTokens,
      secretBox: testBox,
      autoDisabler,
      health,
      metrics,
      clock,
      ids,
      random: () => 0.5,
      outboxWritten,
      logger: silentLogger,
      sendSlots: new ConcurrencyLimit(4),
    },
    settings,
  );
  const dispatcher = new DeliveryDispatcher<DeliveryTask>(
    (task, laneFree) => attempt.run(task, laneFree),
    { concurrency: 4, highWaterMark: 100 },
  );
  const intake = new RepoEventIntake(
    { registry, store, limiter, dispatcher, metrics, clock, ids },
    settings,
  );
  const replays = new ReplayIntake(
    { registry, store, limiter, dispatcher, metrics, clock, logger: silentLogger },
    settings,
  );
  const scheduler = new RetryScheduler(
    { store, dispatcher, metrics, clock, logger: silentLogger },
    settings,
    { pollIntervalMs: 10, batchSize: 10, gaugeIntervalMs: 0 },
  );

  return {
    clock,
    directory,
    healthStore,
    health,
    memberships,
    store,
    http,
    jobs,
    jobTokens,
    disabler,
    registry,
    metricsRegistry,
    intake,
    replays,
    scheduler,
    dispatcher,
    settings,
    relayNotified: () => relayNotified,
    async addWebhook(webhook: WebhookSnapshot): Promise<WebhookSnapshot> {
      directory.put(webhook);
      store.webhookIds.add(webhook.id);
      await registry.refresh(webhook.id);
      return webhook;
    },
    /** Resolves once every queued attempt has run. */
    async settle(): Promise<void> {
      for (let i = 0; i < 1000 && (dispatcher.depth > 0 || dispatcher.inFlight > 0); i += 1)
        await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    },
    async metric(name: string): Promise<string> {
      return (await metricsRegistry.getSingleMetricAsString(name)) ?? '';
    },
  };
}
