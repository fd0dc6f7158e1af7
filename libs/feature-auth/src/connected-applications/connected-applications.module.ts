import { Module } from '@nestjs/common';
import { TypeOrmConnectedApplicationStore } from './infrastructure/typeorm-connected-application.store';
import { ConnectedApplicationStore } from './ports/connected-application.store';
import { ConnectedApplicationsController } from './connected-applications.controller';
import { ConnectedApplicationsService } from './connected-applications.service';
import { ConsentWithdrawals } from '../consent/consent-withdrawals';

/** `/api/settings/connected-applications`: list the apps a user has let in, and revoke one. */
@Module({
  controllers: [ConnectedApplicationsController],
  providers: [
    ConnectedApplicationsService,
    ConsentWithdrawals,
    { provide: ConnectedApplicationStore, useClass: TypeOrmConnectedApplicationStore },
  ],
})
export class ConnectedApplicationsModule {}
