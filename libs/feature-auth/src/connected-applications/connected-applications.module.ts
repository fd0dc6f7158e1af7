import { Module } from '@nestjs/common';
import { ConnectedApplicationStore, TypeOrmConnectedApplicationStore } from './connected-application-store';
import { ConnectedApplicationsController } from './connected-applications.controller';
import { ConnectedApplicationsService } from './connected-applications.service';

/** `/api/settings/connected-applications`: list the apps a user has let in, and revoke one. */
@Module({
  controllers: [ConnectedApplicationsController],
  providers: [ConnectedApplicationsService, { provide: ConnectedApplicationStore, useClass: TypeOrmConnectedApplicationStore }],
})
export class ConnectedApplicationsModule {}
