import { DynamicModule, Module, Provider } from '@nestjs/common';
import { Clock } from '@gatehouse/domain';
import {
  EventBus,
  InProcessEventBus,
  KafkaAccess,
  KafkaEventBus,
  KafkaEventBusOptions,
  MessagingLogger,
  OutboxRelay,
  OutboxRelayOptions,
  stderrMessagingLogger,
} from '@gatehouse/messaging';
import { TypeOrmOutboxStore } from '@gatehouse/persistence';
import { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { CLOCK } from '../clock/clock.module';
import { EventBusTransport } from '../consumers/event-bus-transport';
import { ReadinessRegistry } from '../health/readiness-registry';
import { ReadinessModule } from '../health/readiness.module';
import { LOGGER } from '../logging/logger.token';
import { METRICS_REGISTRY } from '../metrics/metrics-registry';
import { registerOutboxMetrics } from './outbox-metrics';
import { registerConsumerMetrics } from './consumer-metrics';
import { consumersReadinessCheck, DEFAULT_CONSUMER_REJOIN_LIMIT_MS } from './consumer-readiness';
import { InfrastructureLifecycle } from './infrastructure-lifecycle';
import { OutboxRelayLifecycle } from './outbox-relay-lifecycle';

export type MessagingModuleOptions = (
  | ({ type: 'kafka' } & Pick<
      KafkaEventBusOptions,
      'brokers' | 'clientId' | 'connection' | 'shutdownTimeoutMs'
    >)
  | {
      type: 'in-process';
      /** A bus made by the caller (and closed by it); a fresh one owned by this module otherwise. */
      bus?: EventBus;
    }
) & {
  /**
   * Run an outbox relay over the database of `DatabaseModule` (which must be imported too):
   * processes that write events through the outbox set it. Injectable as `OUTBOX_RELAY`.
   */
  outboxRelay?: boolean | Omit<OutboxRelayOptions, 'logger'>;
  /**
   * Whether the broker's absence makes the process not ready (default true). A service whose
   * events go through the outbox answers without Kafka: its events wait in the outbox.
   */
  requiredForReadiness?: boolean;
  /**
   * How long a consumer may be out of its group (restarting after a crash, rejoining) before the
   * process is not ready; default 60 s. With `requiredForReadiness: false` it counts only while
   * the broker answers.
   */
  consumerRejoinLimitMs?: number;
  /**
   * The consumers the service declares (its `KAFKA_ACCESS` reads): the application does not start
   * unless its `@EventPattern` handlers are exactly these (EventBusTransport). Absent: not checked.
   */
  consumers?: KafkaAccess['reads'];
  /** Group ids the consumers join instead of the declared ones (tests give each run groups of their own). */
  consumerGroupIds?: Readonly<Record<string, string>>;
};

/** Injection token of the process's `EventBus` (`@gatehouse/messaging`). */
export const EVENT_BUS = Symbol('gatehouse.eventBus');

/** Injection token of the `OutboxRelay`, present when `outboxRelay` is set; call `notify()` after a commit that wrote events. */
export const OUTBOX_RELAY = Symbol('gatehouse.outboxRelay');

const MESSAGING_LIFECYCLE = Symbol('gatehouse.messagingLifecycle');
const CONSUMER_METRICS = Symbol('gatehouse.consumerMetrics');

/**
 * The event bus: Kafka in the distributed shape (readiness check `kafka`), in-process in the
 * all-in-one (check `event-bus`), and the state of its consumers (check `consumers`, one line per
 * group in the report's details; gauges on `/metrics` when the platform's registry is there).
 * Closed on shutdown, which lets every subscription's in-flight
 * handler finish and commit first. Its consumers are the application's `@EventPattern` methods,
 * through the `EventBusTransport` it provides (connected by `createServiceApp`). With `outboxRelay`, the relay starts once the application has
 * started and stops (finishing its batch) before the bus and the database close.
 */
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingModuleOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      imports: [ReadinessModule],
      providers: [
        {
          provide: EVENT_BUS,
          useFactory: (logger?: Logger): EventBus => createBus(options, messagingLogger(logger)),
          inject: [{ token: LOGGER, optional: true }],
        },
        {
          provide: EventBusTransport,
          useFactory: (bus: EventBus, logger?: Logger) =>
            new EventBusTransport(bus, {
              declared: options.consumers,
              groupIds: options.consumerGroupIds,
              logger: messagingLogger(logger),
            }),
          inject: [EVENT_BUS, { token: LOGGER, optional: true }],
        },
        {
          provide: MESSAGING_LIFECYCLE,
          useFactory: (registry: ReadinessRegistry, bus: EventBus) => {
            const required = options.requiredForReadiness ?? true;
            return new InfrastructureLifecycle(
              registry,
              [
                {
                  name: options.type === 'kafka' ? 'kafka' : 'event-bus',
                  check: () => bus.ping(),
                  required,
                },
                consumersReadinessCheck(bus, {
                  rejoinLimitMs: options.consumerRejoinLimitMs ?? DEFAULT_CONSUMER_REJOIN_LIMIT_MS,
                  busRequired: required,
                  now: Date.now,
                }),
              ],
              async () => {
                if (options.type === 'kafka' || !options.bus) await bus.close();
              },
            );
          },
          inject: [ReadinessRegistry, EVENT_BUS],
        },
        {
          provide: CONSUMER_METRICS,
          useFactory: (bus: EventBus, metrics?: Registry) => {
            if (metrics) registerConsumerMetrics(metrics, bus);
            return metrics !== undefined;
          },
          inject: [EVENT_BUS, { token: METRICS_REGISTRY, optional: true }],
        },
        ...(options.outboxRelay
          ? outboxRelayProviders(options.outboxRelay === true ? {} : options.outboxRelay)
          : []),
      ],
      exports: options.outboxRelay
        ? [EVENT_BUS, EventBusTransport, OUTBOX_RELAY]
        : [EVENT_BUS, EventBusTransport],
    };
  }
}

function outboxRelayProviders(relayOptions: Omit<OutboxRelayOptions, 'logger'>): Provider[] {
  return [
    {
      provide: OUTBOX_RELAY,
      useFactory: (dataSource: DataSource, bus: EventBus, clock?: Clock, logger?: Logger) =>
        new OutboxRelay(new TypeOrmOutboxStore(dataSource, clock), bus, {
          ...relayOptions,
          logger: messagingLogger(logger),
        }),
      inject: [
        DataSource,
        EVENT_BUS,
        { token: CLOCK, optional: true },
        { token: LOGGER, optional: true },
      ],
    },
    {
      provide: OutboxRelayLifecycle,
      useFactory: (relay: OutboxRelay, metrics?: Registry) => {
        if (metrics) registerOutboxMetrics(metrics, relay);
        return new OutboxRelayLifecycle(relay);
      },
      inject: [OUTBOX_RELAY, { token: METRICS_REGISTRY, optional: true }],
    },
  ];
}

function createBus(options: MessagingModuleOptions, logger: MessagingLogger): EventBus {
  switch (options.type) {
    case 'kafka':
      return new KafkaEventBus({
        brokers: options.brokers,
        clientId: options.clientId,
        connection: options.connection,
        shutdownTimeoutMs: options.shutdownTimeoutMs,
        logger,
      });
    case 'in-process':
      return options.bus ?? new InProcessEventBus({ logger });
  }
}

function messagingLogger(logger: Logger | undefined): MessagingLogger {
  return logger ? logger.child({ component: 'messaging' }) : stderrMessagingLogger;
}
