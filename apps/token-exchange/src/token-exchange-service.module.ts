import { DynamicModule, Module } from '@nestjs/common';
import type { TokenExchangeConfig } from '@gatehouse/config';
import {
  TOKEN_EXCHANGE_OPENAPI,
  TokenExchangeServiceModule as TokenExchangeFeatureModule,
} from '@gatehouse/feature-token-exchange';
import { IdentityModule } from '@gatehouse/identity';
import { distributedInfrastructure, OpenApiModule } from '@gatehouse/platform';

@Module({})
class TokenExchangeServiceModule {}

/** The `token-exchange` service on PostgreSQL, Redis and Kafka. */
export function tokenExchangeServiceModule(config: TokenExchangeConfig): DynamicModule {
  return {
    module: TokenExchangeServiceModule,
    imports: [
      ...distributedInfrastructure('token-exchange', config),
      IdentityModule.forRoot({
        publicUrl: config.http.publicUrl,
        encryptionKey: config.secrets.encryptionKey,
        followAppChanges: true,
        inProcessPrincipalCache: config.principals.inProcess,
      }),
      TokenExchangeFeatureModule.forRoot({
        userEmailTokenType: config.oauth.userEmailTokenType,
        allowLoopbackTargets: config.network.allowLoopbackTargets,
      }),
      OpenApiModule.forRoot(TOKEN_EXCHANGE_OPENAPI),
    ],
  };
}
