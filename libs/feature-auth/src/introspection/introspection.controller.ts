import { Controller, Header, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { InternalTokenGuard, LeanRoute, OAuthErrorShape } from '@gatehouse/platform';
import type { Request } from 'express';
import { tokenRequestParams } from '../token-endpoint/token-request-params';
import { IntrospectionResponse, IntrospectionService } from './introspection.service';

/** Callers authenticate with `Authorization: Bearer <GATEHOUSE_INTERNAL_TOKEN>` (RFC 7662 §2.1 leaves the method open). */
@Controller('oauth')
@OAuthErrorShape()
@UseGuards(InternalTokenGuard)
export class IntrospectionController {
  constructor(private readonly introspection: IntrospectionService) {}

  @Post('introspect')
  @LeanRoute()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  introspect(@Req() req: Request): Promise<IntrospectionResponse> {
    return this.introspection.introspect(tokenRequestParams(req.body).token);
  }
}
