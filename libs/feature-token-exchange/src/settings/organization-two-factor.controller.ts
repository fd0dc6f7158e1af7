import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CurrentPrincipal, Principal, RequirePermission } from '@gatehouse/identity';
import { ZodValidationPipe } from '@gatehouse/platform';
import type { OrganizationTwoFactorView } from '@gatehouse/settings-api';
import { z } from 'zod';
import { OrganizationTwoFactorService } from './organization-two-factor.service';

const requirementBody = z.strictObject({ requireTwoFactor: z.boolean() });

/**
 * `GET`/`PUT /api/organizations/{name}/settings/two-factor` `{"requireTwoFactor": true}`: whether
 * the organization's members need a second factor (docs/settings-api.md), for its administrators.
 */
@Controller('api/organizations/:name/settings/two-factor')
// Fine-grained tokens: org.read or org.write on the organization of the path (OrganizationAdminGate).
@RequirePermission('per-resource')
export class OrganizationTwoFactorController {
  constructor(private readonly twoFactor: OrganizationTwoFactorService) {}

  @Get()
  view(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
  ): Promise<OrganizationTwoFactorView> {
    return this.twoFactor.view(principal, name);
  }

  @Put()
  set(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Body(new ZodValidationPipe(requirementBody, 'body')) body: z.output<typeof requirementBody>,
  ): Promise<OrganizationTwoFactorView> {
    return this.twoFactor.set(principal, name, body.requireTwoFactor);
  }
}
