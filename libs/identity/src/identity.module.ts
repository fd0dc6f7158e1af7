import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CLOCK } from '@gatehouse/platform';
import type { Clock } from '@gatehouse/domain';
import { AppChangeConsumer } from './clients/app-change.consumer';
import { CachedClientLookup } from './clients/cached-client-lookup';
import { ClientAuthenticator } from './clients/client-authenticator';
import { SqlClientLookup } from './clients/infrastructure/sql-client-lookup';
import { ClientLookup } from './clients/ports/client-lookup';
import { GrantHandlerRegistry } from './grants/grant-handler-registry';
import { BearerAuthGuard } from './guards/bearer-auth.guard';
import { IDENTITY_OPTIONS, IdentityOptions } from './identity-options';
import { JoseSigningKeyCrypto } from './keys/infrastructure/jose-signing-key-crypto';
import { SigningKeyCrypto } from './keys/ports/signing-key-crypto';
import { SigningKeyStore } from './keys/ports/signing-key.store';
import { SigningKeys } from './keys/signing-keys';
import { TypeOrmSigningKeyStore } from './keys/infrastructure/typeorm-signing-key.store';
import { BearerAuthenticator } from './principal/bearer-authenticator';
import { BearerTokenReader } from './principal/ports/bearer-token.reader';
import { PrincipalCache } from './principal/principal-cache';
import { PrincipalInvalidator } from './principal/principal-invalidator';
import { PrincipalRevocationConsumer } from './principal/principal-revocation.consumer';
import { SqlPersonalTokenUsageWriter } from './principal/infrastructure/sql-personal-token-usage.writer';
import { PersonalTokenUsageWriter } from './principal/ports/personal-token-usage.writer';
import { TokenUsageRecorder } from './principal/token-usage-recorder';
import { SessionAuthenticator } from './session/session-authenticator';
import { AccountReader } from './accounts/ports/account.reader';
import { IssuedTokenWriter } from './tokens/ports/issued-token.writer';
import { OutboxWriter } from './transactions/ports/outbox.writer';
import { SqlIssuedTokenWriter } from './tokens/infrastructure/sql-issued-token.writer';
import { SqlBearerTokenReader } from './principal/infrastructure/sql-bearer-token.reader';
import { TokenStore } from './tokens/ports/token.store';
import { TransactionRunner } from './transactions/ports/transaction-runner';
import { TypeOrmAccountReader } from './accounts/infrastructure/typeorm-account.reader';
import { TypeOrmOutboxWriter } from './transactions/infrastructure/typeorm-outbox.writer';
import { TypeOrmTokenStore } from './tokens/infrastructure/typeorm-token.store';
import { TypeOrmTransactionRunner } from './transactions/infrastructure/typeorm-transaction-runner';
import { CryptoRandomSource, RandomSource } from './tokens/random-source';
import { TokenIssuer } from './tokens/token-issuer';
import { TokenRevoker } from './tokens/token-revoker';

const EXPORTED = [
  IDENTITY_OPTIONS,
  TokenStore,
  AccountReader,
  TransactionRunner,
  OutboxWriter,
  RandomSource,
  ClientLookup,
  SigningKeys,
  TokenIssuer,
  TokenRevoker,
  BearerTokenReader,
  PrincipalCache,
  PrincipalInvalidator,
  BearerAuthenticator,
  TokenUsageRecorder,
  SessionAuthenticator,
  BearerAuthGuard,
  ClientAuthenticator,
  GrantHandlerRegistry,
];

/**
 * Who calls (bearer tokens to principals, client authentication) and what is issued to them
 * (tokens, id_tokens and their signing keys). Global: the auth, token-exchange and
 * webhook-management services import it once. Needs the platform's DataSource (DatabaseModule)
 * and CLOCK.
 */
@Global()
@Module({})
export class IdentityModule {
  static forRoot(options: IdentityOptions): DynamicModule {
    return {
      module: IdentityModule,
      global: true,
      imports: [DiscoveryModule],
      // Consume token.revoked (and oauth_app.changed) through the process's event bus
      // (EventBusTransport), when it has one.
      controllers: [
        PrincipalRevocationConsumer,
        ...(options.followAppChanges ? [AppChangeConsumer] : []),
      ],
      providers: [
        {
          provide: IDENTITY_OPTIONS,
          useValue: { ...options, publicUrl: options.publicUrl.replace(/\/+$/, '') },
        },
        { provide: TokenStore, useClass: TypeOrmTokenStore },
        { provide: AccountReader, useClass: TypeOrmAccountReader },
        { provide: TransactionRunner, useClass: TypeOrmTransactionRunner },
        { provide: OutboxWriter, useClass: TypeOrmOutboxWriter },
        { provide: IssuedTokenWriter, useClass: SqlIssuedTokenWriter },
        { provide: RandomSource, useClass: CryptoRandomSource },
        SqlClientLookup,
        {
          provide: ClientLookup,
          useFactory: (sql: SqlClientLookup, clock: Clock) =>
            new CachedClientLookup(sql, clock, options.clientCacheTtlMs),
          inject: [SqlClientLookup, CLOCK],
        },
        { provide: BearerTokenReader, useClass: SqlBearerTokenReader },
        { provide: PersonalTokenUsageWriter, useClass: SqlPersonalTokenUsageWriter },
        { provide: SigningKeyStore, useClass: TypeOrmSigningKeyStore },
        { provide: SigningKeyCrypto, useClass: JoseSigningKeyCrypto },
        SigningKeys,
        TokenIssuer,
        TokenRevoker,
        PrincipalCache,
        PrincipalInvalidator,
        BearerAuthenticator,
        TokenUsageRecorder,
        SessionAuthenticator,
        BearerAuthGuard,
        ClientAuthenticator,
        GrantHandlerRegistry,
      ],
      exports: EXPORTED,
    };
  }
}
