import { Controller, Delete, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '@gatehouse/identity';
import { ZodBody, ZodQuery } from '@gatehouse/platform';
import type {
  AdminUsersPage,
  AdminUserView,
  EndedSessionsView,
  ResetFactorsView,
} from '@gatehouse/settings-api';

import { actorOf } from './admin-actor';
import {
  createUserBody,
  emailConfirmedBody,
  userQuery,
  type CreateUserBody,
  type EmailConfirmedBody,
  type UserQuery,
} from './admin-bodies';
import { AdminUsersService } from './admin-users.service';
import { PlatformAdminGuard } from './platform-admin.guard';

/** docs/admin-api.md "Users": `{user}` is a username, an e-mail address or an id. */
@Controller('api/admin/users')
@UseGuards(BearerAuthGuard, PlatformAdminGuard)
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Post()
  create(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(createUserBody) body: CreateUserBody,
  ): Promise<AdminUserView> {
    return this.users.create(actorOf(principal), body);
  }

  @Get()
  list(@ZodQuery(userQuery) query: UserQuery): Promise<AdminUsersPage> {
    return this.users.list(query);
  }

  @Get(':user')
  get(@Param('user') user: string): Promise<AdminUserView> {
    return this.users.get(user);
  }

  @Post(':user/disable')
  @HttpCode(200)
  disable(
    @CurrentPrincipal() principal: Principal,
    @Param('user') user: string,
  ): Promise<AdminUserView> {
    return this.users.setDisabled(actorOf(principal), user, true);
  }

  @Post(':user/enable')
  @HttpCode(200)
  enable(
    @CurrentPrincipal() principal: Principal,
    @Param('user') user: string,
  ): Promise<AdminUserView> {
    return this.users.setDisabled(actorOf(principal), user, false);
  }

  @Put(':user/email-confirmed')
  setEmailConfirmed(
    @CurrentPrincipal() principal: Principal,
    @Param('user') user: string,
    @ZodBody(emailConfirmedBody) body: EmailConfirmedBody,
  ): Promise<AdminUserView> {
    return this.users.setEmailConfirmed(actorOf(principal), user, body.confirmed);
  }

  @Post(':user/sessions/end')
  @HttpCode(200)
  endSessions(
    @CurrentPrincipal() principal: Principal,
    @Param('user') user: string,
  ): Promise<EndedSessionsView> {
    return this.users.endSessions(actorOf(principal), user);
  }

  @Post(':user/factors/reset')
  @HttpCode(200)
  resetFactors(
    @CurrentPrincipal() principal: Principal,
    @Param('user') user: string,
  ): Promise<ResetFactorsView> {
    return this.users.resetFactors(actorOf(principal), user);
  }

  @Delete(':user')
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @Param('user') user: string,
  ): Promise<void> {
    await this.users.delete(actorOf(principal), user);
  }
}
