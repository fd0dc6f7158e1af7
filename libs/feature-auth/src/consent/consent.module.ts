import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { SessionModule } from '../session/session.module';
import { ConsentOutcomeRegistry } from './consent-outcome-registry';
import { ConsentController } from './consent.controller';
import { ConsentService } from './consent.service';
import { PendingConsents } from './pending-consents';
import { SqlConsentContextReader } from './infrastructure/sql-consent-context.reader';
import { TypeOrmRememberedConsents } from './infrastructure/typeorm-remembered-consents';
import { ConsentContextReader } from './ports/consent-context.reader';
import { RememberedConsents } from './ports/remembered-consents';

/**
 * The consent page and remembered consents. Flows contribute their ConsentOutcomeHandler with
 * `provideConsentOutcomeHandlers(...)` in their own module and start consents with ConsentService.
 */
@Module({
  imports: [DiscoveryModule, SessionModule],
  controllers: [ConsentController],
  providers: [
    ConsentService,
    PendingConsents,
    ConsentOutcomeRegistry,
    { provide: RememberedConsents, useClass: TypeOrmRememberedConsents },
    { provide: ConsentContextReader, useClass: SqlConsentContextReader },
  ],
  exports: [ConsentService, ConsentContextReader],
})
export class ConsentModule {}
