import { Module } from '@nestjs/common';
import { SessionStore } from '@gatehouse/identity';
import { SessionActivity } from './session-activity';
import { SessionService } from './session.service';
import { SignInSessionsController } from './sign-in-sessions.controller';
import { SignInSessionsService } from './sign-in-sessions.service';
import { SignOutModule } from './sign-out.module';
import { SecurityNoticesModule } from '../security-notices/security-notices.module';
import { SecurityNotices } from '../security-notices/security-notices';
import { NewBrowserNotice } from './ports/new-browser-notice';
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
 * Browser sessions, the sign-in page, sign-out and the sessions page's API. Needs SESSION_OPTIONS (AuthModule provides
 * it), IdentityModule, the DataSource and FLOW_STORE.
 */
@Module({
  imports: [SecondFactorStoreModule, SignOutModule, SecurityNoticesModule],
  controllers: [SignInController, SessionApiController, SignInSessionsController],
  providers: [
    SessionStore,
    SessionActivity,
    SessionService,
    SignInSessionsService,
    SignInThrottle,
    KnownDevices,
    SignInService,
    PendingSignIns,
    { provide: SignInAccounts, useClass: TypeOrmSignInAccounts },
    {
      provide: NewBrowserNotice,
      useFactory: (notices: SecurityNotices): NewBrowserNotice => ({
        tell: (userId, browser) => notices.recordAlone(userId, 'new_browser_sign_in', browser),
      }),
      inject: [SecurityNotices],
    },
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
