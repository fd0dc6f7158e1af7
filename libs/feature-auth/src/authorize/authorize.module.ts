import { Module } from '@nestjs/common';
import { AuthorizationCodeModule } from '../authorization-code/authorization-code.module';
import { CimdModule } from '../cimd/cimd.module';
import { ConsentModule } from '../consent/consent.module';
import { provideConsentOutcomeHandlers } from '../consent/provide-consent-outcome-handlers';
import { SessionModule } from '../session/session.module';
import { AuthorizationConsentOutcome } from './authorization-consent-outcome';
import { AuthorizationResponder } from './authorization-responder';
import { AuthorizeController } from './authorize.controller';
import { AuthorizeService } from './authorize.service';
import { AuthorizingClientResolver } from './authorizing-client-resolver';

/** `/oauth/authorize`. Needs AUTHORIZE_OPTIONS (AuthModule provides it). */
@Module({
  imports: [SessionModule, ConsentModule, CimdModule, AuthorizationCodeModule],
  controllers: [AuthorizeController],
  providers: [
    AuthorizeService,
    AuthorizingClientResolver,
    AuthorizationResponder,
    ...provideConsentOutcomeHandlers(AuthorizationConsentOutcome),
  ],
})
export class AuthorizeModule {}
