import { Controller, Delete, Get, HttpCode, Param, UseGuards } from '@nestjs/common';
import {
  BearerAuthGuard,
  CurrentPrincipal,
  type Principal,
  RequireWriteAccess,
} from '@gatehouse/identity';
import type { LeakedTokenNoticeView } from '@gatehouse/settings-api';
import { LeakedTokenNoticesService } from './leaked-token-notices.service';

/** `/api/settings/token-notices`: the caller's tokens reported leaked and revoked. */
@Controller('api/settings/token-notices')
@UseGuards(BearerAuthGuard)
export class LeakedTokenNoticesController {
  constructor(private readonly notices: LeakedTokenNoticesService) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<LeakedTokenNoticeView[]> {
    return this.notices.list(principal);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireWriteAccess()
  dismiss(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.notices.dismiss(principal, id);
  }
}
