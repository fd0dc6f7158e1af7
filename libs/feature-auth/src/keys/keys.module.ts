import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { PublicCorsMiddleware } from '../discovery/public-cors.middleware';
import { JwksController } from './jwks.controller';

/** `/oauth/jwks` (RFC 7517; docs/oauth.md "Endpoints and discovery"). */
@Module({ controllers: [JwksController] })
export class JwksModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(PublicCorsMiddleware)
      .forRoutes({ path: 'oauth/jwks', method: RequestMethod.ALL });
  }
}
