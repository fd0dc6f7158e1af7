import { Controller, Delete, Get, Header, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CurrentPrincipal, Principal, RequirePermission } from '@gatehouse/identity';
import { ZodBody } from '@gatehouse/platform';
import { z } from 'zod';
import type {
  CreatedServiceAccountToken,
  ServiceAccountDetail,
  ServiceAccountView,
} from '@gatehouse/settings-api';
import { createAccountBody, createTokenBody, updateAccountBody } from './service-account-bodies';
import { ServiceAccountsService } from './service-accounts.service';

/** docs/settings-api.md "Service accounts": `/api/organizations/{name}/settings/service-accounts...`. */
@Controller('api/organizations/:name/settings/service-accounts')
// Fine-grained tokens: org.read on the organization of the path to read (OrganizationAdminGate); never to change.
@RequirePermission('per-resource')
export class ServiceAccountsController {
  constructor(private readonly accounts: ServiceAccountsService) {}

  @Get()
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
  ): Promise<{ serviceAccounts: ServiceAccountView[] }> {
    return { serviceAccounts: await this.accounts.list(principal, name) };
  }

  @Post()
  create(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @ZodBody(createAccountBody) body: z.infer<typeof createAccountBody>,
  ): Promise<ServiceAccountView> {
    return this.accounts.create(principal, name, body);
  }

  @Get(':id')
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('id') id: string,
  ): Promise<ServiceAccountDetail> {
    return this.accounts.get(principal, name, id);
  }

  @Patch(':id')
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('id') id: string,
    @ZodBody(updateAccountBody) body: z.infer<typeof updateAccountBody>,
  ): Promise<ServiceAccountView> {
    return this.accounts.rename(principal, name, id, body.displayName);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.accounts.delete(principal, name, id);
  }

  @Post(':id/tokens')
  @Header('Cache-Control', 'no-store')
  createToken(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('id') id: string,
    @ZodBody(createTokenBody) body: z.infer<typeof createTokenBody>,
  ): Promise<CreatedServiceAccountToken> {
    return this.accounts.createToken(principal, name, id, body);
  }

  @Post(':id/tokens/:tokenId/rotate')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  rotateToken(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('id') id: string,
    @Param('tokenId') tokenId: string,
  ): Promise<CreatedServiceAccountToken> {
    return this.accounts.rotateToken(principal, name, id, tokenId);
  }

  @Delete(':id/tokens/:tokenId')
  @HttpCode(204)
  async deleteToken(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('id') id: string,
    @Param('tokenId') tokenId: string,
  ): Promise<void> {
    await this.accounts.deleteToken(principal, name, id, tokenId);
  }
}
