import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  BearerAuthGuard,
  CurrentPrincipal,
  Principal,
  RequireWriteAccess,
} from '@gatehouse/identity';
import { ZodBody } from '@gatehouse/platform';
import { z } from 'zod';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';
import { PersonalTokensService } from './personal-tokens.service';

const createTokenBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  role: z.enum(['read', 'write']),
});

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

  @Delete(':id')
  @HttpCode(204)
  @RequireWriteAccess()
  async delete(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    await this.tokens.delete(principal, id);
  }
}
