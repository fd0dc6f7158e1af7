import { Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '@gatehouse/identity';
import { ZodBody } from '@gatehouse/platform';
import type { AdminMemberView, AdminOrganizationView } from '@gatehouse/settings-api';
import { actorOf } from './admin-actor';
import {
  addMemberBody,
  createOrganizationBody,
  setRoleBody,
  type AddMemberBody,
  type CreateOrganizationBody,
  type SetRoleBody,
} from './admin-bodies';
import { AdminOrganizationsService } from './admin-organizations.service';
import { PlatformAdminGuard } from './platform-admin.guard';

/** docs/admin-api.md "Organizations": `{user}` is a username, an e-mail address or an id. */
@Controller('api/admin/organizations')
@UseGuards(BearerAuthGuard, PlatformAdminGuard)
export class AdminOrganizationsController {
  constructor(private readonly organizations: AdminOrganizationsService) {}

  @Post()
  create(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(createOrganizationBody) body: CreateOrganizationBody,
  ): Promise<AdminOrganizationView> {
    return this.organizations.create(actorOf(principal), body);
  }

  @Get(':name/members')
  members(@Param('name') name: string): Promise<AdminMemberView[]> {
    return this.organizations.members(name);
  }

  @Post(':name/members')
  addMember(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @ZodBody(addMemberBody) body: AddMemberBody,
  ): Promise<AdminMemberView[]> {
    return this.organizations.addMember(actorOf(principal), name, body.username, body.role);
  }

  @Patch(':name/members/:user')
  setRole(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('user') user: string,
    @ZodBody(setRoleBody) body: SetRoleBody,
  ): Promise<AdminMemberView[]> {
    return this.organizations.setRole(actorOf(principal), name, user, body.role);
  }

  @Delete(':name/members/:user')
  @HttpCode(204)
  async removeMember(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('user') user: string,
  ): Promise<void> {
    await this.organizations.removeMember(actorOf(principal), name, user);
  }
}
