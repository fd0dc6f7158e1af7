import { DynamicModule, Module } from '@nestjs/common';
import type { ApiDescription } from './api-description';
import { openApiDocument } from './openapi-document';
import { OPENAPI_DOCUMENT } from './openapi-document.token';
import { OpenApiController } from './openapi.controller';

/**
 * Serves `GET /openapi.json`, built once at boot from the descriptions the app passes: every
 * service passes all of them, so the gateway may route the path to any service
 * (docs/architecture.md "API description").
 */
@Module({})
export class OpenApiModule {
  static forRoot(descriptions: readonly ApiDescription[]): DynamicModule {
    return {
      module: OpenApiModule,
      controllers: [OpenApiController],
      providers: [{ provide: OPENAPI_DOCUMENT, useFactory: () => openApiDocument(descriptions) }],
    };
  }
}
