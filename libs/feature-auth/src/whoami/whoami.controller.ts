import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import type { Whoami } from '@gatehouse/domain';
import { BearerAuthGuard, CurrentPrincipal, Principal } from '@gatehouse/identity';
import { WhoamiService } from './whoami.service';

@Controller('api')
@UseGuards(BearerAuthGuard)
export class WhoamiController {
  constructor(private readonly whoami: WhoamiService) {}

  @Get('whoami-v2')
  @Header('Cache-Control', 'no-store')
  get(@CurrentPrincipal() principal: Principal): Promise<Whoami> {
    return this.whoami.whoami(principal);
  }
}
