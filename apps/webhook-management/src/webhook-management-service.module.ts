import { DynamicModule, Module } from '@nestjs/common';
import type { WebhookManagementConfig } from '@gatehouse/config';
import { EventIngestionModule } from '@gatehouse/feature-delivery';
import { WEBHOOKS_OPENAPI, WebhooksModule } from '@gatehouse/feature-webhooks';
import { IdentityModule } from '@gatehouse/identity';
import { distributedInfrastructure, OpenApiModule } from '@gatehouse/platform';

@Module({})
class WebhookManagementServiceModule {}

/**
 * The `webhook-management` service on PostgreSQL, Redis and Kafka: the webhooks settings API,
 * and `POST /internal/events` for repo services that cannot speak Kafka.
 */
export function webhookManagementServiceModule(config: WebhookManagementConfig): DynamicModule {
  return {
    module: WebhookManagementServiceModule,
    imports: [
      ...distributedInfrastructure('webhook-management', config),
      IdentityModule.forRoot({
        publicUrl: config.http.publicUrl,
        encryptionKey: config.secrets.encryptionKey,
        inProcessPrincipalCache: config.principals.inProcess,
      }),
      WebhooksModule.forRoot({
        encryptionKey: config.secrets.encryptionKey,
        webhooks: config.webhooks,
        network: config.network,
      }),
      EventIngestionModule.forRoot(),
      OpenApiModule.forRoot(WEBHOOKS_OPENAPI),
    ],
  };
}
