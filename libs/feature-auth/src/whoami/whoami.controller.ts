import { Controller, Get, Header } from '@nestjs/common';
import type { Whoami } from '@gatehouse/domain';
import { CurrentPrincipal, Principal, RequirePermission } from '@gatehouse/identity';
import { LeanRoute } from '@gatehouse/platform';
import { WhoamiService } from './whoami.service';

/** Every token may ask who it is, a fine-grained one included (its permissions are part of the answer). */
@Controller('api')
@RequirePermission('per-resource')
export class WhoamiController {
  constructor(private readonly whoami: WhoamiService) {}

  @Get('whoami-v2')
  @LeanRoute()
  @Header('Cache-Control', 'no-store')
  get(@CurrentPrincipal() principal: Principal): Promise<Whoami> {
    return this.whoami.whoami(principal);
  }
}
