import { DynamicModule, Module } from '@nestjs/common';
import type { AuthConfig } from '@gatehouse/config';
import { DatabaseModule, FlowStateModule, MessagingModule } from '@gatehouse/platform';

@Module({})
class AuthServiceModule {}

/** The `auth` service: sign-in, consent and token issuance on PostgreSQL, Redis and Kafka. */
export function authServiceModule(config: AuthConfig): DynamicModule {
  return {
    module: AuthServiceModule,
    imports: [
      DatabaseModule.forRoot({ type: 'postgres', url: config.postgres.url }),
      FlowStateModule.forRoot({ type: 'redis', url: config.redis.url, keyPrefix: 'gatehouse:auth:' }),
      MessagingModule.forRoot({ type: 'kafka', brokers: config.kafka.brokers, clientId: 'gatehouse-auth', outboxRelay: true }),
    ],
  };
}
