import { DynamicModule, Module } from '@nestjs/common';
import type { DeliveryWorkerConfig } from '@gatehouse/config';
import { DatabaseModule, FlowStateModule, MessagingModule } from '@gatehouse/platform';

@Module({})
class DeliveryWorkerServiceModule {}

/** The `delivery-worker` service on PostgreSQL, Redis and Kafka. */
export function deliveryWorkerServiceModule(config: DeliveryWorkerConfig): DynamicModule {
  return {
    module: DeliveryWorkerServiceModule,
    imports: [
      DatabaseModule.forRoot({ type: 'postgres', url: config.postgres.url }),
      FlowStateModule.forRoot({ type: 'redis', url: config.redis.url, keyPrefix: 'gatehouse:delivery:' }),
      MessagingModule.forRoot({ type: 'kafka', brokers: config.kafka.brokers, clientId: 'gatehouse-delivery-worker', outboxRelay: true }),
    ],
  };
}
