import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import type { TokenResponseBody } from '@gatehouse/identity';
import { OAuthErrorShape, ZodValidationPipe } from '@gatehouse/platform';
import { TokenExchangeService } from './token-exchange.service';
import { TokenExchangeRequest, tokenExchangeRequestSchema } from './token-exchange-request';

/**
 * `POST /internal/token-exchange` (internal token required, as every `/internal` route): `auth`
 * hands over the token-exchange grants of `/oauth/token`. Answers are what `/oauth/token` answers:
 * the token response, or the RFC 6749 §5.2 error with its status, which `auth` relays.
 */
@Controller('internal')
@OAuthErrorShape()
export class InternalTokenExchangeController {
  constructor(private readonly service: TokenExchangeService) {}

  @Post('token-exchange')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  exchange(
    @Body(new ZodValidationPipe(tokenExchangeRequestSchema, 'body')) request: TokenExchangeRequest,
  ): Promise<TokenResponseBody> {
    return this.service.exchange(request);
  }
}
