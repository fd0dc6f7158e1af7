import { DynamicModule, Module } from '@nestjs/common';
import type { TokenExchangeConfig } from '@gatehouse/config';
import { distributedInfrastructure } from '@gatehouse/platform';

@Module({})
class TokenExchangeServiceModule {}

/** The `token-exchange` service on PostgreSQL, Redis and Kafka. */
export function tokenExchangeServiceModule(config: TokenExchangeConfig): DynamicModule {
  return {
    module: TokenExchangeServiceModule,
    imports: [
      ...distributedInfrastructure('token-exchange', config),
    ],
  };
}
