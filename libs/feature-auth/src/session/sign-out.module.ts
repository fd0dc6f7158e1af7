import { Module } from '@nestjs/common';
import { SessionStore } from '@gatehouse/identity';
import { SqlLiveSignInsReader } from './infrastructure/sql-live-sign-ins.reader';
import { SqlSignInSessionStore } from './infrastructure/sql-sign-in-session.store';
import { LiveSignInsReader } from './ports/live-sign-ins.reader';
import { SignInSessionStore } from './ports/sign-in-session.store';
import { SignOutEverywhere } from './sign-out-everywhere';
import { SignOutEvents } from './sign-out-events';

/**
 * Signing a user out everywhere (SignOutEverywhere), for the admin API, the account settings and
 * the sessions page, and the index of each user's signed-in sessions (SignInSessionStore). Needs SESSION_OPTIONS (AuthModule provides it), IdentityModule, the
 * DataSource and SHARED_FLOW_STORE.
 */
@Module({
  providers: [
    SessionStore,
    { provide: LiveSignInsReader, useClass: SqlLiveSignInsReader },
    { provide: SignInSessionStore, useClass: SqlSignInSessionStore },
    SignOutEvents,
    SignOutEverywhere,
  ],
  exports: [SignOutEverywhere, SignInSessionStore, SignOutEvents],
})
export class SignOutModule {}
