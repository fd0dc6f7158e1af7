import { Module } from '@nestjs/common';
import { AuthorizationCodeModule } from '../authorization-code/authorization-code.module';
import { CimdModule } from '../cimd/cimd.module';
import { ConsentModule } from '../consent/consent.module';
import { provideConsentOutcomeHandlers } from '../consent/provide-consent-outcome-handlers';
import { SessionModule } from '../session/session.module';
import { AuthorizationConsentOutcome } from './authorization-consent-outcome';
import { AuthorizationResponder } from './authorization-responder';
import { SqlAuthorizeContextReader } from './infrastructure/sql-authorize-context-reader';
import { AuthorizeContextReader } from './ports/authorize-context';
import { AuthorizeController } from './authorize.controller';
import { AuthorizeService } from './authorize.service';
import { AuthorizingClientResolver } from './authorizing-client-resolver';

/** `/oauth/authorize`. Needs AUTHORIZE_OPTIONS (AuthModule provides it). */
@Module({
  imports: [SessionModule, ConsentModule, CimdModule, AuthorizationCodeModule],
  controllers: [AuthorizeController],
  providers: [AuthorizeService, { provide: AuthorizeContextReader, useClass: SqlAuthorizeContextReader }, AuthorizingClientResolver, AuthorizationResponder, ...provideConsentOutcomeHandlers(AuthorizationConsentOutcome)],
})
export class AuthorizeModule {}
