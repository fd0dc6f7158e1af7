import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { PublicCorsMiddleware } from '../discovery/public-cors.middleware';
import { UserinfoController } from './userinfo.controller';
import { UserinfoService } from './userinfo.service';

/** `GET` and `POST /oauth/userinfo`. */
@Module({ controllers: [UserinfoController], providers: [UserinfoService] })
export class UserinfoModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(PublicCorsMiddleware)
      .forRoutes({ path: 'oauth/userinfo', method: RequestMethod.ALL });
  }
}
