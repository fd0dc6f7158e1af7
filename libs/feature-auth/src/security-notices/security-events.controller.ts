import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '@gatehouse/identity';
import type { SecurityEventView } from '@gatehouse/settings-api';
import { SecurityEventStore } from './ports/security-event.store';
import { securityEventView } from './security-event-view';

/** How many the account page shows. */
const SHOWN = 20;

/** "Recent security events" of the account page (docs/settings-api.md "Account"). */
@Controller('api/settings/account/security-events')
@UseGuards(BearerAuthGuard)
export class SecurityEventsController {
  constructor(private readonly events: SecurityEventStore) {}

  @Get()
  async list(@CurrentPrincipal() principal: Principal): Promise<SecurityEventView[]> {
    if (principal.kind !== 'session' || !principal.user)
      throw ApiError.forbidden('Manage your account from the settings pages, signed in');
    return (await this.events.latestOf(principal.user.id, SHOWN)).map(securityEventView);
  }
}
