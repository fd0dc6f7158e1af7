import { Module } from '@nestjs/common';
import { SessionStore } from '@gatehouse/identity';
import { SessionService } from './session.service';
import { TypeOrmSignInAccounts } from './infrastructure/typeorm-sign-in-accounts';
import { SignInAccounts } from './ports/sign-in-accounts';
import { KnownDevices } from './known-devices';
import { SignInThrottle } from './sign-in-throttle';
import { SessionApiController } from './session-api.controller';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';
import { PendingSignIns } from './pending-sign-ins';
import { SecondFactorStoreModule } from '../second-factors/second-factor-store.module';

/**
 * Browser sessions, the sign-in page and sign-out. Needs SESSION_OPTIONS (AuthModule provides
 * it), IdentityModule, the DataSource and FLOW_STORE.
 */
@Module({
  imports: [SecondFactorStoreModule],
  controllers: [SignInController, SessionApiController],
  providers: [
    SessionStore,
    SessionService,
    SignInThrottle,
    KnownDevices,
    SignInService,
    PendingSignIns,
    { provide: SignInAccounts, useClass: TypeOrmSignInAccounts },
  ],
  exports: [
    SessionService,
    SignInService,
    PendingSignIns,
    SignInAccounts,
    KnownDevices,
    SecondFactorStoreModule,
  ],
})
export class SessionModule {}
