import { Controller, Header, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { clientAddressOf, CLOCK, OAuthErrorShape } from '@gatehouse/platform';
import type { Request } from 'express';
import { tokenRequestParams } from '../token-endpoint/token-request-params';
import {
  DeviceAuthorizationResponse,
  DeviceAuthorizationService,
} from './device-authorization.service';

/** `POST /oauth/device` (RFC 8628 §3.1): JSON answers, RFC 6749 §5.2 errors (RFC 8628 §3.2). */
@Controller('oauth/device')
@OAuthErrorShape()
export class DeviceAuthorizationController {
  constructor(
    private readonly devices: DeviceAuthorizationService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  start(@Req() req: Request): Promise<DeviceAuthorizationResponse> {
    return this.devices.start({
      params: tokenRequestParams(req.body),
      authorization: req.headers.authorization,
      ip: clientAddressOf(req),
      now: new Date(this.clock.now()),
    });
  }
}
