import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { DiscoveryController } from './discovery.controller';
import { PublicCorsMiddleware } from './public-cors.middleware';

/** `/.well-known/openid-configuration` and `/.well-known/oauth-authorization-server` (docs/oauth.md "Endpoints and discovery"). */
@Module({ controllers: [DiscoveryController] })
export class AuthDiscoveryModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(PublicCorsMiddleware)
      .forRoutes(
        { path: '.well-known/openid-configuration', method: RequestMethod.ALL },
        { path: '.well-known/oauth-authorization-server', method: RequestMethod.ALL },
      );
  }
}
