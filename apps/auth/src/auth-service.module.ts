import { DynamicModule, Module } from '@nestjs/common';
import type { AuthConfig } from '@gatehouse/config';
import { distributedInfrastructure } from '@gatehouse/platform';

@Module({})
class AuthServiceModule {}

/** The `auth` service: sign-in, consent and token issuance on PostgreSQL, Redis and Kafka. */
export function authServiceModule(config: AuthConfig): DynamicModule {
  return {
    module: AuthServiceModule,
    imports: [
      ...distributedInfrastructure('auth', config),
    ],
  };
}
