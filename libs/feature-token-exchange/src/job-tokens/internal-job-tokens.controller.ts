import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import type { MintedJobToken } from '@gatehouse/domain';
import { JobTokenService } from './job-token.service';

/**
 * `POST /internal/job-tokens` (internal token required, as every `/internal` route): the delivery
 * worker asks for the token of a Job webhook's launch (`JobTokenRequest`) and gets
 * `201 {token, expiresAt}`; a refusal is an API error (400 bad request, 404 owner not active).
 */
@Controller('internal')
export class InternalJobTokensController {
  constructor(private readonly service: JobTokenService) {}

  @Post('job-tokens')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  mint(@Body() body: unknown): Promise<MintedJobToken> {
    return this.service.mint(body);
  }
}
