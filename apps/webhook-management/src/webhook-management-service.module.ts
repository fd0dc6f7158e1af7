import { DynamicModule, Module } from '@nestjs/common';
import type { WebhookManagementConfig } from '@gatehouse/config';
import { DatabaseModule, FlowStateModule, MessagingModule } from '@gatehouse/platform';

@Module({})
class WebhookManagementServiceModule {}

/** The `webhook-management` service on PostgreSQL, Redis and Kafka. */
export function webhookManagementServiceModule(config: WebhookManagementConfig): DynamicModule {
  return {
    module: WebhookManagementServiceModule,
    imports: [
      DatabaseModule.forRoot({ type: 'postgres', url: config.postgres.url }),
      FlowStateModule.forRoot({ type: 'redis', url: config.redis.url, keyPrefix: 'gatehouse:webhooks:' }),
      MessagingModule.forRoot({ type: 'kafka', brokers: config.kafka.brokers, clientId: 'gatehouse-webhook-management', outboxRelay: true }),
    ],
  };
}
