import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { OpenApiDocument } from './openapi-document';
import { OPENAPI_DOCUMENT } from './openapi-document.token';

/** `GET /openapi.json`: the OpenAPI 3.1 description of the public API (docs/openapi.md). */
@Controller()
export class OpenApiController {
  constructor(@Inject(OPENAPI_DOCUMENT) private readonly document: OpenApiDocument) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  describe(): OpenApiDocument {
    return this.document;
  }
}
