import { Controller, Header, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { TokenResponseBody } from '@gatehouse/identity';
import { clientAddressOf, CLOCK, LeanRoute, OAuthErrorShape } from '@gatehouse/platform';
import type { Request } from 'express';
import { tokenRequestParams } from './token-request-params';
import { TokenEndpointService } from './token-endpoint.service';

@Controller('oauth')
@OAuthErrorShape()
export class TokenController {
  constructor(
    private readonly endpoint: TokenEndpointService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** RFC 6749 §5.1: 200 with no-store; errors (RFC 6749 §5.2) are answered by the platform's filter. */
  @Post('token')
  @LeanRoute()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  token(@Req() req: Request): Promise<TokenResponseBody> {
    return this.endpoint.handle({
      params: tokenRequestParams(req.body),
      authorization: req.headers.authorization,
      ip: clientAddressOf(req),
      now: new Date(this.clock.now()),
    });
  }
}
