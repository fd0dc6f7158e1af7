import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentPrincipal, Principal, RequirePermission } from '@gatehouse/identity';
import { ZodQuery, ZodValidationPipe } from '@gatehouse/platform';
import type {
  OrganizationTokenPolicyView,
  OrganizationTokensPage,
  OrganizationTokenView,
} from '@gatehouse/settings-api';
import { z } from 'zod';
import { listQuery, policyBody, revokeBody } from './token-governance-inputs';
import { TokenGovernanceService } from './token-governance.service';

/**
 * Token governance of an organization, for its administrators (docs/settings-api.md
 * "Organization tokens"):
 *  - `GET    …/settings/tokens?cursor=&limit=` the tokens that can act in the organization
 *  - `POST   …/settings/tokens/{tokenId}/approve`, `…/deny`
 *  - `DELETE …/settings/tokens/{tokenId}` revoke from the list
 *  - `POST   …/settings/tokens/revoke` `{"token": "hf_…"}` revoke by value
 *  - `GET`/`PUT …/settings/token-policy` `{"policy": "allow_all" | "fine_grained_only" | "require_approval"}`
 */
@Controller('api/organizations/:name/settings')
// Fine-grained tokens: org.read or org.write on the organization of the path (OrganizationAdminGate).
@RequirePermission('per-resource')
export class TokenGovernanceController {
  constructor(private readonly governance: TokenGovernanceService) {}

  @Get('tokens')
  list(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @ZodQuery(listQuery) query: z.output<typeof listQuery>,
  ): Promise<OrganizationTokensPage> {
    return this.governance.list(principal, name, query);
  }

  @Post('tokens/revoke')
  @HttpCode(200)
  async revokeByValue(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Body(new ZodValidationPipe(revokeBody, 'body')) body: z.output<typeof revokeBody>,
  ): Promise<{ token: OrganizationTokenView }> {
    return { token: await this.governance.revokeByValue(principal, name, body.token) };
  }

  @Post('tokens/:tokenId/approve')
  @HttpCode(200)
  async approve(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('tokenId') tokenId: string,
  ): Promise<{ token: OrganizationTokenView }> {
    return { token: await this.governance.decide(principal, name, tokenId, 'approved') };
  }

  @Post('tokens/:tokenId/deny')
  @HttpCode(200)
  async deny(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('tokenId') tokenId: string,
  ): Promise<{ token: OrganizationTokenView }> {
    return { token: await this.governance.decide(principal, name, tokenId, 'denied') };
  }

  @Delete('tokens/:tokenId')
  @HttpCode(204)
  revoke(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Param('tokenId') tokenId: string,
  ): Promise<void> {
    return this.governance.revokeById(principal, name, tokenId);
  }

  @Get('token-policy')
  policy(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
  ): Promise<OrganizationTokenPolicyView> {
    return this.governance.policy(principal, name);
  }

  @Put('token-policy')
  setPolicy(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @Body(new ZodValidationPipe(policyBody, 'body')) body: z.output<typeof policyBody>,
  ): Promise<OrganizationTokenPolicyView> {
    return this.governance.setPolicy(principal, name, body.policy);
  }
}
