import { Controller, Delete, Get, HttpCode, Param, UseGuards } from '@nestjs/common';
import {
  BearerAuthGuard,
  CurrentPrincipal,
  type Principal,
  RequireWriteAccess,
} from '@gatehouse/identity';
import type { ConnectedApplicationView } from '@gatehouse/settings-api';
import { ConnectedApplicationsService } from './connected-applications.service';

/** `/api/settings/connected-applications`: the apps a user has let in, and revoking their access. */
@Controller('api/settings/connected-applications')
@UseGuards(BearerAuthGuard)
export class ConnectedApplicationsController {
  constructor(private readonly connected: ConnectedApplicationsService) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<ConnectedApplicationView[]> {
    return this.connected.list(principal);
  }

  /** The client id is a path segment; a metadata-document client id arrives URL-encoded. */
  @Delete(':clientId')
  @HttpCode(204)
  @RequireWriteAccess()
  revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('clientId') clientId: string,
  ): Promise<void> {
    return this.connected.revoke(principal, clientId);
  }
}
