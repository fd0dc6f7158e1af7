import { Module } from '@nestjs/common';
import { AppManagers } from './app-managers';
import { OAuthAppStore } from './ports/oauth-app.store';
import { OAuthAppsController } from './oauth-apps.controller';
import { OAuthAppsService } from './oauth-apps.service';
import { TypeOrmOAuthAppStore } from './infrastructure/typeorm-oauth-app.store';

/** `/api/settings/apps`: OAuth apps and their client secrets. Needs IdentityModule. */
@Module({
  controllers: [OAuthAppsController],
  providers: [
    OAuthAppsService,
    AppManagers,
    { provide: OAuthAppStore, useClass: TypeOrmOAuthAppStore },
  ],
})
export class AppsModule {}
