import { DynamicModule, Module } from '@nestjs/common';
import type { DeliveryWorkerConfig } from '@gatehouse/config';
import { DeliveryModule, deliveryModuleOptionsOf } from '@gatehouse/feature-delivery';
import { distributedInfrastructure } from '@gatehouse/platform';

@Module({})
class DeliveryWorkerServiceModule {}

/** The `delivery-worker` service on PostgreSQL, Redis and Kafka. */
export function deliveryWorkerServiceModule(config: DeliveryWorkerConfig): DynamicModule {
  return {
    module: DeliveryWorkerServiceModule,
    imports: [
      ...distributedInfrastructure('delivery-worker', config),
      DeliveryModule.forRoot(deliveryModuleOptionsOf(config, config.secrets.encryptionKey)),
    ],
  };
}
