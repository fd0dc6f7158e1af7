import { DynamicModule, Module } from '@nestjs/common';
import {
  bootstrapService,
  DatabaseModule,
  FlowStateModule,
  MessagingModule,
} from '@gatehouse/platform';
import { type RunningService } from '@gatehouse/platform/testing';
import pino from 'pino';
import { DeliveryModule } from '../delivery.module';
import type { DeliveryModuleOptions } from '../delivery-module-options';
import { EventIngestionModule } from '../ingestion/event-ingestion.module';

export interface DeliveryTestAppOptions {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  brokers: string[];
  internalToken: string;
  delivery: DeliveryModuleOptions;
}

@Module({})
class DeliveryTestModule {}

/** The delivery-worker's modules (plus event ingestion) on the run's real servers, listening on a free port. */
export function startDeliveryApp(options: DeliveryTestAppOptions): Promise<RunningService> {
  const module: DynamicModule = {
    module: DeliveryTestModule,
    imports: [
      DatabaseModule.forRoot({ type: 'postgres', url: options.databaseUrl }),
      FlowStateModule.forRoot({
        type: 'redis',
        url: options.redisUrl,
        keyPrefix: options.redisPrefix,
      }),
      MessagingModule.forRoot({
        type: 'kafka',
        brokers: options.brokers,
        clientId: 'delivery-int-spec',
        outboxRelay: { pollIntervalMs: 50 },
      }),
      DeliveryModule.forRoot(options.delivery),
      EventIngestionModule.forRoot({ topic: options.delivery.topics?.repoEvents }),
    ],
  };
  return bootstrapService({
    name: 'delivery-int-spec',
    module,
    port: 0,
    host: '127.0.0.1',
    handleProcessSignals: false,
    internalToken: options.internalToken,
    // eslint-disable-next-line no-restricted-properties -- test helper: TEST_LOG_LEVEL=debug shows the worker's logs
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  });
}
