import { DynamicModule, Module } from '@nestjs/common';
import type { WebhookManagementConfig } from '@gatehouse/config';
import { WebhooksModule } from '@gatehouse/feature-webhooks';
import { IdentityModule } from '@gatehouse/identity';
import { distributedInfrastructure } from '@gatehouse/platform';

@Module({})
class WebhookManagementServiceModule {}

/** The `webhook-management` service on PostgreSQL, Redis and Kafka. */
export function webhookManagementServiceModule(config: WebhookManagementConfig): DynamicModule {
  return {
    module: WebhookManagementServiceModule,
    imports: [
      ...distributedInfrastructure('webhook-management', config),
      IdentityModule.forRoot({ publicUrl: config.http.publicUrl, encryptionKey: config.secrets.encryptionKey }),
      WebhooksModule.forRoot({ encryptionKey: config.secrets.encryptionKey, webhooks: config.webhooks, network: config.network }),
    ],
  };
}
