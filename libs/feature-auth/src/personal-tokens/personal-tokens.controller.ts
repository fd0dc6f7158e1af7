import { Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import {
  BearerAuthGuard,
  CurrentPrincipal,
  Principal,
  RequireWriteAccess,
} from '@gatehouse/identity';
import { ZodBody } from '@gatehouse/platform';
import { z } from 'zod';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';
import { createTokenBody, updateTokenBody } from './personal-token-bodies';
import { PersonalTokensService } from './personal-tokens.service';

/** docs/settings-api.md "Access tokens". Fine-grained tokens are refused here (no RequirePermission). */
@Controller('api/settings/tokens')
@UseGuards(BearerAuthGuard)
export class PersonalTokensController {
  constructor(private readonly tokens: PersonalTokensService) {}

  @Post()
  @RequireWriteAccess()
  create(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(createTokenBody) body: z.infer<typeof createTokenBody>,
  ): Promise<CreatedPersonalToken> {
    return this.tokens.create(principal, body);
  }

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<PersonalTokenView[]> {
    return this.tokens.list(principal);
  }

  @Get(':id')
  get(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<PersonalTokenView> {
    return this.tokens.get(principal, id);
  }

  @Patch(':id')
  @RequireWriteAccess()
  update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @ZodBody(updateTokenBody) body: z.infer<typeof updateTokenBody>,
  ): Promise<PersonalTokenView> {
    return this.tokens.update(principal, id, body);
  }

  @Post(':id/refresh')
  @HttpCode(200)
  @RequireWriteAccess()
  refresh(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<CreatedPersonalToken> {
    return this.tokens.refresh(principal, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireWriteAccess()
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.tokens.delete(principal, id);
  }
}
