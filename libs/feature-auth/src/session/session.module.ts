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

/**
 * Browser sessions, the sign-in page and sign-out. Needs SESSION_OPTIONS (AuthModule provides
 * it), IdentityModule, the DataSource and FLOW_STORE.
 */
@Module({
  controllers: [SignInController, SessionApiController],
  providers: [
    SessionStore,
    SessionService,
    SignInThrottle,
    KnownDevices,
    SignInService,
    { provide: SignInAccounts, useClass: TypeOrmSignInAccounts },
  ],
  exports: [SessionService, SignInService],
})
export class SessionModule {}
