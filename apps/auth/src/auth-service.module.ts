import { DynamicModule, Module } from '@nestjs/common';
import type { AuthConfig } from '@gatehouse/config';
import { AUTH_OPENAPI, AuthModule, authModuleOptionsOf } from '@gatehouse/feature-auth';
import { TokenExchangeGrantModule } from '@gatehouse/feature-token-exchange';
import { IdentityModule } from '@gatehouse/identity';
import { distributedInfrastructure, OpenApiModule } from '@gatehouse/platform';

@Module({})
class AuthServiceModule {}

/** The `auth` service: sign-in, consent and token issuance on PostgreSQL, Redis and Kafka. */
export function authServiceModule(config: AuthConfig): DynamicModule {
  return {
    module: AuthServiceModule,
    imports: [
      ...distributedInfrastructure('auth', config),
      IdentityModule.forRoot({
        publicUrl: config.http.publicUrl,
        encryptionKey: config.secrets.encryptionKey,
        followAppChanges: true,
        inProcessPrincipalCache: config.principals.inProcess,
      }),
      AuthModule.forRoot(authModuleOptionsOf(config)),
      TokenExchangeGrantModule.forRoot({
        mode: 'http',
        url: config.tokenExchange.url,
        internalToken: config.secrets.internalToken,
      }),
      OpenApiModule.forRoot(AUTH_OPENAPI),
    ],
  };
}
