import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { PublicCorsMiddleware } from '../discovery/public-cors.middleware';
import { WhoamiController } from './whoami.controller';
import { WhoamiService } from './whoami.service';

/** `GET /api/whoami-v2` for personal and OAuth tokens. */
@Module({ controllers: [WhoamiController], providers: [WhoamiService] })
export class WhoamiModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(PublicCorsMiddleware)
      .forRoutes({ path: 'api/whoami-v2', method: RequestMethod.ALL });
  }
}
