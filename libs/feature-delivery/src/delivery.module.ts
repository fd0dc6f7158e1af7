import { DynamicModule, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Clock } from '@gatehouse/domain';
import type { FlowStore } from '@gatehouse/flow-state';
import type { EventBus, OutboxRelay } from '@gatehouse/messaging';
import {
  CLOCK,
  EVENT_BUS,
  EventBusTransport,
  type EventConsumers,
  FLOW_STORE,
  LOGGER,
  METRICS_REGISTRY,
  OUTBOX_RELAY,
  ReadinessModule,
  ReadinessRegistry,
} from '@gatehouse/platform';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import {
  type DeliveryModuleOptions,
  type ResolvedDeliveryOptions,
  resolveDeliveryOptions,
} from './delivery-module-options';
import { DeliveryPipeline } from './delivery-pipeline';
import { DeliveryEventsConsumer } from './delivery-events.consumer';
import { createDeliveryPipeline } from './delivery-pipeline.factory';
import { DeliveryPipelineLifecycle } from './delivery-pipeline-lifecycle';
import { HttpDeliverySender } from './http/ports/http-delivery-sender';
import { UndiciDeliverySender } from './http/infrastructure/undici-http-delivery-sender';
import { configuredJobLauncher } from './jobs/configured-job-launcher';
import { JobLauncher } from './jobs/ports/job-launcher';
import { configuredJobTokenMinter } from './jobs/configured-job-token-minter';
import { JobTokenMinter } from './jobs/ports/job-token-minter';
import { DeliveryMetrics } from './metrics/delivery-metrics';
import { DeliveryStore } from './pipeline/ports/delivery.store';
import { TypeOrmDeliveryStore } from './pipeline/infrastructure/typeorm-delivery.store';
import { typeOrmWebhookDisablerProvider } from './pipeline/infrastructure/typeorm-webhook-disabler';
import { WebhookDisabler } from './pipeline/ports/webhook-disabler';
import { sqlWebhookHealthStoreProvider } from './pipeline/infrastructure/sql-webhook-health.store';
import { WebhookHealthStore } from './pipeline/ports/webhook-health.store';
import { MembershipSource } from './subscriptions/ports/membership-source';
import { TypeOrmMembershipSource } from './subscriptions/infrastructure/typeorm-membership-source';
import { TypeOrmWebhookDirectory } from './subscriptions/infrastructure/typeorm-webhook-directory';
import { WebhookDirectory } from './subscriptions/ports/webhook-directory';

const DELIVERY_OPTIONS = Symbol('gatehouse.deliveryOptions');

/**
 * The delivery worker (docs/architecture.md flow 4): repo change events from the bus to webhook
 * receivers and Jobs, with retries, dead letters and auto-disable. Needs the platform's
 * DatabaseModule, FlowStateModule and MessagingModule (with `outboxRelay`, for dead letters and
 * auto-disable events). Every port is a provider, so tests override one (`JobLauncher`,
 * `HttpDeliverySender`) without touching the rest.
 */
@Module({})
export class DeliveryModule {
  static forRoot(options: DeliveryModuleOptions): DynamicModule {
    const resolved = resolveDeliveryOptions(options);
    return {
      module: DeliveryModule,
      imports: [ReadinessModule],
      controllers: [DeliveryEventsConsumer],
      providers: [
        { provide: DELIVERY_OPTIONS, useValue: resolved },
        { provide: DeliveryStore, useClass: TypeOrmDeliveryStore },
        { provide: WebhookDirectory, useClass: TypeOrmWebhookDirectory },
        { provide: MembershipSource, useClass: TypeOrmMembershipSource },
        typeOrmWebhookDisablerProvider(resolved.topics.webhookChanged),
        sqlWebhookHealthStoreProvider(resolved.topics.webhookNotices),
        {
          provide: HttpDeliverySender,
          useFactory: () =>
            new UndiciDeliverySender({
              timeoutMs: resolved.timeoutMs,
              allowLoopback: resolved.allowLoopbackTargets,
            }),
        },
        {
          provide: JobLauncher,
          useFactory: (logger: Logger) => configuredJobLauncher(resolved, logger),
          inject: [LOGGER],
        },
        {
          provide: JobTokenMinter,
          useFactory: (modules: ModuleRef) => configuredJobTokenMinter(resolved.jobTokens, modules),
          inject: [ModuleRef],
        },
        {
          provide: DeliveryMetrics,
          useFactory: (registry: Registry) => new DeliveryMetrics(registry),
          inject: [METRICS_REGISTRY],
        },
        {
          provide: DeliveryPipeline,
          useFactory: (
            options: ResolvedDeliveryOptions,
            bus: EventBus,
            consumers: EventConsumers,
            flowStore: FlowStore,
            store: DeliveryStore,
            directory: WebhookDirectory,
            memberships: MembershipSource,
            disabler: WebhookDisabler,
            healthStore: WebhookHealthStore,
            http: HttpDeliverySender,
            jobs: JobLauncher,
            jobTokens: JobTokenMinter,
            metrics: DeliveryMetrics,
            clock: Clock,
            logger: Logger,
            relay: OutboxRelay | null,
          ) =>
            createDeliveryPipeline({
              options,
              bus,
              consumers,
              flowStore,
              store,
              directory,
              memberships,
              disabler,
              healthStore,
              http,
              jobs,
              jobTokens,
              metrics,
              clock,
              logger,
              relay,
            }),
          inject: [
            DELIVERY_OPTIONS,
            EVENT_BUS,
            EventBusTransport,
            FLOW_STORE,
            DeliveryStore,
            WebhookDirectory,
            MembershipSource,
            WebhookDisabler,
            WebhookHealthStore,
            HttpDeliverySender,
            JobLauncher,
            JobTokenMinter,
            DeliveryMetrics,
            CLOCK,
            LOGGER,
            { token: OUTBOX_RELAY, optional: true },
          ],
        },
        {
          provide: DeliveryPipelineLifecycle,
          useFactory: (pipeline: DeliveryPipeline, readiness: ReadinessRegistry, logger: Logger) =>
            new DeliveryPipelineLifecycle(
              pipeline,
              readiness,
              logger.child({ component: 'delivery' }),
              resolved.startInBackground ?? false,
            ),
          inject: [DeliveryPipeline, ReadinessRegistry, LOGGER],
        },
      ],
      exports: [DeliveryPipeline, DeliveryMetrics],
    };
  }
}
