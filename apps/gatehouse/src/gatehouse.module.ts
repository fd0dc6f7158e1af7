import { DynamicModule, Module } from '@nestjs/common';
import type { AllInOneConfig, SecretsConfig } from '@gatehouse/config';
import { AUTH_OPENAPI, AuthModule, authModuleOptionsOf } from '@gatehouse/feature-auth';
import {
  DeliveryModule,
  deliveryModuleOptionsOf,
  EventIngestionModule,
} from '@gatehouse/feature-delivery';
import {
  JobTokenService,
  TOKEN_EXCHANGE_OPENAPI,
  TokenExchangeGrantModule,
} from '@gatehouse/feature-token-exchange';
import { WEBHOOKS_OPENAPI, WebhooksModule } from '@gatehouse/feature-webhooks';
import { IdentityModule } from '@gatehouse/identity';
import { KAFKA_ACCESS } from '@gatehouse/messaging';
import {
  DatabaseModule,
  FlowStateModule,
  MessagingModule,
  OpenApiModule,
} from '@gatehouse/platform';
import { join } from 'node:path';
import { EmbeddedSeeder, SEED_OPTIONS } from './embedded-seeder';
import type { StartUpProgress } from './start-up-progress';

@Module({})
class GatehouseModule {}

/**
 * The all-in-one: every module of the four services in one process, on PGlite files under the
 * data directory, in-memory flow state and an in-process event bus (docs/architecture.md
 * "Runtime shapes"). Unlike the distributed services it migrates at start.
 */
export function gatehouseModule(
  config: AllInOneConfig,
  secrets: SecretsConfig,
  seedPath: string,
  progress?: StartUpProgress,
): DynamicModule {
  return {
    module: GatehouseModule,
    imports: [
      DatabaseModule.forRoot({
        type: 'pglite',
        dataDir: join(config.storage.dataDir, 'pglite'),
        runMigrations: true,
        onMigrated: progress?.migrated,
      }),
      FlowStateModule.forRoot({ type: 'memory' }),
      MessagingModule.forRoot({
        type: 'in-process',
        outboxRelay: true,
        // What the four services consume, together: the all-in-one runs all their handlers.
        consumers: Object.values(KAFKA_ACCESS).flatMap((access) => access.reads),
      }),
      IdentityModule.forRoot({
        publicUrl: config.http.publicUrl,
        encryptionKey: secrets.encryptionKey,
        followAppChanges: true,
        inProcessPrincipalCache: config.principals.inProcess,
      }),
      AuthModule.forRoot(authModuleOptionsOf(config)),
      WebhooksModule.forRoot({
        encryptionKey: secrets.encryptionKey,
        webhooks: config.webhooks,
        network: config.network,
      }),
      TokenExchangeGrantModule.forRoot({
        mode: 'in-process',
        service: {
          userEmailTokenType: config.oauth.userEmailTokenType,
          allowLoopbackTargets: config.network.allowLoopbackTargets,
        },
      }),
      EventIngestionModule.forRoot(),
      DeliveryModule.forRoot({
        ...deliveryModuleOptionsOf(config, secrets.encryptionKey),
        jobTokens: { mode: 'in-process', service: JobTokenService },
      }),
      OpenApiModule.forRoot([...AUTH_OPENAPI, ...TOKEN_EXCHANGE_OPENAPI, ...WEBHOOKS_OPENAPI]),
    ],
    providers: [
      {
        provide: SEED_OPTIONS,
        useValue: { path: seedPath, encryptionKey: secrets.encryptionKey, progress },
      },
      EmbeddedSeeder,
    ],
  };
}
