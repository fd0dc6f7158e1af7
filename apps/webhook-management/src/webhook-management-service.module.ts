import { DynamicModule, Module } from '@nestjs/common';
import type { WebhookManagementConfig } from '@gatehouse/config';
import { distributedInfrastructure } from '@gatehouse/platform';

@Module({})
class WebhookManagementServiceModule {}

/** The `webhook-management` service on PostgreSQL, Redis and Kafka. */
export function webhookManagementServiceModule(config: WebhookManagementConfig): DynamicModule {
  return {
    module: WebhookManagementServiceModule,
    imports: [
      ...distributedInfrastructure('webhook-management', config),
    ],
  };
}
