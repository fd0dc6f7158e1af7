import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { PublicCorsMiddleware } from '../discovery/public-cors.middleware';
import { TokenController } from './token.controller';
import { TokenEndpointService } from './token-endpoint.service';

/**
 * `POST /oauth/token`. Grants plug in through GRANT_HANDLERS (@gatehouse/identity); this module
 * holds none of them.
 */
@Module({ controllers: [TokenController], providers: [TokenEndpointService] })
export class TokenEndpointModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(PublicCorsMiddleware)
      .forRoutes({ path: 'oauth/token', method: RequestMethod.ALL });
  }
}
