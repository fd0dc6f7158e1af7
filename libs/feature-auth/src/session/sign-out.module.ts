import { Module } from '@nestjs/common';
import { SessionStore } from '@gatehouse/identity';
import { SqlLiveSignInsReader } from './infrastructure/sql-live-sign-ins.reader';
import { LiveSignInsReader } from './ports/live-sign-ins.reader';
import { SignOutEverywhere } from './sign-out-everywhere';

/**
 * Signing a user out everywhere (SignOutEverywhere), for the admin API, the account settings and
 * the sessions page. Needs SESSION_OPTIONS (AuthModule provides it), IdentityModule, the
 * DataSource and SHARED_FLOW_STORE.
 */
@Module({
  providers: [
    SessionStore,
    { provide: LiveSignInsReader, useClass: SqlLiveSignInsReader },
    SignOutEverywhere,
  ],
  exports: [SignOutEverywhere],
})
export class SignOutModule {}
