import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { PublicCorsMiddleware } from '../discovery/public-cors.middleware';
import { RevocationController } from './revocation.controller';
import { RevocationService } from './revocation.service';

/** `POST /oauth/revoke` (RFC 7009). */
@Module({ controllers: [RevocationController], providers: [RevocationService] })
export class RevocationModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(PublicCorsMiddleware)
      .forRoutes({ path: 'oauth/revoke', method: RequestMethod.ALL });
  }
}
