import { Body, Controller, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentPrincipal, Principal, RequirePermission } from '@gatehouse/identity';
import { ZodValidationPipe } from '@gatehouse/platform';
import { z } from 'zod';
import {
  OrganizationSettingsService,
  RefreshedClientSecret,
} from './organization-settings.service';
import type { TokenExchangeAppView } from '@gatehouse/settings-api';
import { tokenDurationBody } from './token-duration-body';

/**
 * Token-exchange settings of an organization, for its administrators:
 *  - `GET  /api/organizations/{name}/settings/token-exchange-apps`
 *  - `PUT  /api/organizations/{name}/settings/token-exchange-apps/{clientId}` `{"tokenDurationSeconds": n}`
 *  - `POST /api/organizations/{name}/settings/token-exchange-apps/{clientId}/secret` (new secret, shown once)
 */
@Controller('api/organizations/:name/settings/token-exchange-apps')
// Fine-grained tokens: org.read or org.write on the organization of the path (OrganizationAdminGate).
@RequirePermission('per-resource')
export class OrganizationSettingsController {
  constructor(private readonly settings: OrganizationSettingsService) {}

  @Get()
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
  ): Promise<{ apps: TokenExchangeAppView[] }> {
    return { apps: await this.settings.listApps(principal, name) };
  }

  @Put(':clientId')
  async setTokenDuration(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('clientId') clientId: string,
    @Body(new ZodValidationPipe(tokenDurationBody, 'body'))
    body: z.output<typeof tokenDurationBody>,
  ): Promise<{ app: TokenExchangeAppView }> {
    return {
      app: await this.settings.setTokenDuration(
        principal,
        name,
        clientId,
        body.tokenDurationSeconds,
      ),
    };
  }

  @Post(':clientId/secret')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  refreshSecret(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('clientId') clientId: string,
  ): Promise<RefreshedClientSecret> {
    return this.settings.refreshClientSecret(principal, name, clientId);
  }
}
