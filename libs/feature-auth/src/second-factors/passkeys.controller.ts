import { Controller, Delete, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '@gatehouse/identity';
import { clientAddressOf, ZodBody } from '@gatehouse/platform';
import type { PasskeyRegistration, PasskeyView } from '@gatehouse/settings-api';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Request } from 'express';
import { z } from 'zod';
import { rateLimitedError, sessionUserOf } from '../accounts/session-user';
import { PasskeysService } from './passkeys.service';
import { SecondFactorsService } from './second-factors.service';

const passwordBody = z.strictObject({ password: z.string().min(1).max(1024) });
const name = z.string().trim().min(1).max(64);
const registerBody = z.strictObject({
  name,
  response: z.looseObject({ id: z.string(), rawId: z.string(), type: z.string() }),
});
const renameBody = z.strictObject({ name });

/**
 * The signed-in person's passkeys (docs/settings-api.md "Second factors"): registration starts
 * with the password asked again, then the browser's answer to the options registers the key.
 */
@Controller('api/settings/account/second-factors/passkeys')
@UseGuards(BearerAuthGuard)
export class PasskeysController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly factors: SecondFactorsService,
  ) {}

  @Post('options')
  @HttpCode(200)
  async options(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(passwordBody) body: z.infer<typeof passwordBody>,
    @Req() req: Request,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const userId = sessionUserOf(principal);
    const refused = await this.factors.passwordChecked(userId, body.password, clientAddressOf(req));
    if (refused?.kind === 'throttled') throw rateLimitedError(refused.retryAfterSeconds);
    if (refused) throw ApiError.forbidden('The current password is not right.');
    return this.passkeys.registrationOptions(userId);
  }

  @Post()
  @HttpCode(201)
  async register(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(registerBody) body: z.infer<typeof registerBody>,
  ): Promise<PasskeyRegistration> {
    const added = await this.factors.addPasskey(
      sessionUserOf(principal),
      body.name,
      body.response as unknown as RegistrationResponseJSON,
    );
    if (!added)
      throw ApiError.badRequest('The passkey could not be verified. Start again.', 'response');
    return added;
  }

  @Patch(':id')
  async rename(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @ZodBody(renameBody) body: z.infer<typeof renameBody>,
  ): Promise<PasskeyView> {
    const renamed = await this.passkeys.rename(sessionUserOf(principal), id, body.name);
    if (!renamed) throw ApiError.notFound('No such passkey');
    return renamed;
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    if (!(await this.factors.removePasskey(sessionUserOf(principal), id)))
      throw ApiError.notFound('No such passkey');
  }
}
