import { DynamicModule, Module } from '@nestjs/common';
import type { TokenExchangeConfig } from '@gatehouse/config';
import { DatabaseModule, FlowStateModule, MessagingModule } from '@gatehouse/platform';

@Module({})
class TokenExchangeServiceModule {}

/** The `token-exchange` service on PostgreSQL, Redis and Kafka. */
export function tokenExchangeServiceModule(config: TokenExchangeConfig): DynamicModule {
  return {
    module: TokenExchangeServiceModule,
    imports: [
      DatabaseModule.forRoot({ type: 'postgres', url: config.postgres.url }),
      FlowStateModule.forRoot({ type: 'redis', url: config.redis.url, keyPrefix: 'gatehouse:token-exchange:' }),
      MessagingModule.forRoot({ type: 'kafka', brokers: config.kafka.brokers, clientId: 'gatehouse-token-exchange', outboxRelay: true }),
    ],
  };
}
