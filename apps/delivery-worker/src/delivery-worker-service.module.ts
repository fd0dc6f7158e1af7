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
      // The port opens at once: a restarted worker answers its probes while it joins the group.
      DeliveryModule.forRoot({
        ...deliveryModuleOptionsOf(config, config.secrets.encryptionKey),
        ...(config.jobTokens.mint && { jobTokens: { mode: 'http', ...config.jobTokens.mint } }),
        startInBackground: true,
      }),
    ],
  };
}
