import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  BearerAuthGuard,
  CurrentPrincipal,
  Principal,
  RequireWriteAccess,
} from '@gatehouse/identity';
import { parseOrThrow } from '@gatehouse/platform';
import { createAppSchema, updateAppSchema } from './app-input';
import { OAuthAppsService } from './oauth-apps.service';

/**
 * OAuth app settings (README "OAuth app settings API"), with a personal access token; changes
 * need a `write` token. Errors in the API shape (`{"error"}` and `X-Error-Message`).
 */
@Controller('api/settings/apps')
@UseGuards(BearerAuthGuard)
export class OAuthAppsController {
  constructor(private readonly apps: OAuthAppsService) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal) {
    return this.apps.list(principal);
  }

  @Post()
  @RequireWriteAccess()
  create(@CurrentPrincipal() principal: Principal, @Body() body: unknown) {
    return this.apps.create(principal, parseOrThrow(createAppSchema, body, 'api', 'body'));
  }

  @Get(':clientId')
  async get(@CurrentPrincipal() principal: Principal, @Param('clientId') clientId: string) {
    return { app: await this.apps.get(principal, clientId) };
  }

  @Patch(':clientId')
  @RequireWriteAccess()
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('clientId') clientId: string,
    @Body() body: unknown,
  ) {
    return {
      app: await this.apps.update(
        principal,
        clientId,
        parseOrThrow(updateAppSchema, body, 'api', 'body'),
      ),
    };
  }

  @Delete(':clientId')
  @HttpCode(204)
  @RequireWriteAccess()
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('clientId') clientId: string,
  ): Promise<void> {
    await this.apps.remove(principal, clientId);
  }

  @Post(':clientId/secret')
  @HttpCode(200)
  @RequireWriteAccess()
  newSecret(@CurrentPrincipal() principal: Principal, @Param('clientId') clientId: string) {
    return this.apps.newClientSecret(principal, clientId);
  }

  @Delete(':clientId/secret')
  @RequireWriteAccess()
  async deleteSecret(
    @CurrentPrincipal() principal: Principal,
    @Param('clientId') clientId: string,
  ) {
    return { app: await this.apps.deleteClientSecret(principal, clientId) };
  }
}
