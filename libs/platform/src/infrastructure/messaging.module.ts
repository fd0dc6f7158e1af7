import { DynamicModule, Module } from '@nestjs/common';
import {
  EventBus,
  InProcessEventBus,
  KafkaEventBus,
  KafkaEventBusOptions,
  MessagingLogger,
  stderrMessagingLogger,
} from '@gatehouse/messaging';
import { Logger } from 'pino';
import { ReadinessRegistry } from '../health/readiness-registry';
import { ReadinessModule } from '../health/readiness.module';
import { LOGGER } from '../logging/logger.token';
import { InfrastructureLifecycle } from './infrastructure-lifecycle';

export type MessagingModuleOptions =
  | ({ type: 'kafka' } & Pick<KafkaEventBusOptions, 'brokers' | 'clientId' | 'connection' | 'shutdownTimeoutMs'>)
  | {
      type: 'in-process';
      /** A bus made by the caller (and closed by it); a fresh one owned by this module otherwise. */
      bus?: EventBus;
    };

/** Injection token of the process's `EventBus` (`@gatehouse/messaging`). */
export const EVENT_BUS = Symbol('gatehouse.eventBus');

const MESSAGING_LIFECYCLE = Symbol('gatehouse.messagingLifecycle');

/**
 * The event bus: Kafka in the distributed shape (readiness check `kafka`), in-process in the
 * all-in-one (check `event-bus`). Closed on shutdown, which lets every subscription's in-flight
 * handler finish and commit first.
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
          provide: MESSAGING_LIFECYCLE,
          useFactory: (registry: ReadinessRegistry, bus: EventBus) =>
            new InfrastructureLifecycle(
              registry,
              { name: options.type === 'kafka' ? 'kafka' : 'event-bus', check: () => bus.ping() },
              async () => {
                if (options.type === 'kafka' || !options.bus) await bus.close();
              },
            ),
          inject: [ReadinessRegistry, EVENT_BUS],
        },
      ],
      exports: [EVENT_BUS],
    };
  }
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
