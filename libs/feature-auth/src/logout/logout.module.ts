import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { BackchannelLogoutConsumer } from './backchannel-logout.consumer';
import { EndSessionController } from './end-session.controller';
import { EndSessionService } from './end-session.service';
import { JoseIdTokenHintVerifier } from './infrastructure/jose-id-token-hint-verifier';
import { SqlBackchannelLogoutAppReader } from './infrastructure/sql-backchannel-logout-app.reader';
import { UndiciLogoutTokenSender } from './infrastructure/undici-logout-token-sender';
import { BackchannelLogoutAppReader } from './ports/backchannel-logout-app.reader';
import { IdTokenHintVerifier } from './ports/id-token-hint-verifier';
import { LogoutTokenSender } from './ports/logout-token-sender';

/**
 * OpenID Connect logout (docs/oauth.md "Logout"): the `end_session_endpoint` and the back-channel
 * logout consumer. Needs AUTHORIZE_OPTIONS and CIMD_OPTIONS (AuthModule provides them),
 * IdentityModule, the DataSource, FLOW_STORE and the account events topic on the bus.
 */
@Module({
  imports: [SessionModule],
  controllers: [EndSessionController, BackchannelLogoutConsumer],
  providers: [
    EndSessionService,
    { provide: IdTokenHintVerifier, useClass: JoseIdTokenHintVerifier },
    { provide: BackchannelLogoutAppReader, useClass: SqlBackchannelLogoutAppReader },
    { provide: LogoutTokenSender, useClass: UndiciLogoutTokenSender },
  ],
})
export class LogoutModule {}
