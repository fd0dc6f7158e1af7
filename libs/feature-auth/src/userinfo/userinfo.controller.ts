import { Body, Controller, Get, Header, Headers, HttpCode, Post } from '@nestjs/common';
import type { Userinfo } from '@gatehouse/domain';
import { bearerTokenOf } from '@gatehouse/identity';
import { LeanRoute, OAuthErrorShape } from '@gatehouse/platform';
import { UserinfoService } from './userinfo.service';

@Controller('oauth/userinfo')
@OAuthErrorShape()
export class UserinfoController {
  constructor(private readonly userinfo: UserinfoService) {}

  @Get()
  @LeanRoute()
  @Header('Cache-Control', 'no-store')
  get(@Headers('authorization') authorization: string | undefined): Promise<Userinfo> {
    return this.userinfo.userinfo(bearerTokenOf(authorization));
  }

  /** OIDC Core §5.3.1 allows POST; RFC 6750 §2.2 the token as the `access_token` form parameter. */
  @Post()
  @LeanRoute()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  post(
    @Headers('authorization') authorization: string | undefined,
    @Body() body: unknown,
  ): Promise<Userinfo> {
    return this.userinfo.userinfo(bearerTokenOf(authorization) ?? formAccessToken(body));
  }
}

function formAccessToken(body: unknown): string | null {
  const value =
    typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>).access_token
      : undefined;
  return typeof value === 'string' && value.length > 0 ? value : null;
}
