import { Controller, Header, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { clientAddressOf, CLOCK, OAuthErrorShape } from '@gatehouse/platform';
import type { Request } from 'express';
import { tokenRequestParams } from '../token-endpoint/token-request-params';
import { RevocationService } from './revocation.service';

@Controller('oauth')
@OAuthErrorShape()
export class RevocationController {
  constructor(
    private readonly revocation: RevocationService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** RFC 7009 §2.2: 200 with an empty body, whether or not the token existed. */
  @Post('revoke')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async revoke(@Req() req: Request): Promise<void> {
    await this.revocation.revoke({
      params: tokenRequestParams(req.body),
      authorization: req.headers.authorization,
      ip: clientAddressOf(req),
      now: new Date(this.clock.now()),
    });
  }
}
