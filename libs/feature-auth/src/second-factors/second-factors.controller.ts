import { Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '@gatehouse/identity';
import { clientAddressOf, ZodBody } from '@gatehouse/platform';
import type { RecoveryCodesView, SecondFactorsView, TotpEnrolment } from '@gatehouse/settings-api';
import type { Request } from 'express';
import { z } from 'zod';
import { rateLimitedError, sessionUserOf } from '../accounts/session-user';
import { SecondFactorsService } from './second-factors.service';

const codeBody = z.strictObject({ code: z.string().min(1).max(64) });
const passwordBody = z.strictObject({ password: z.string().min(1).max(1024) });
const disableBody = z.strictObject({
  password: z.string().min(1).max(1024),
  code: z.string().min(1).max(64),
});

const WRONG_PASSWORD = 'The current password is not right.';
const WRONG_CODE =
  'That code is not right. Enter the current code of your app, or a recovery code.';

/**
 * The signed-in person's second factors in the settings app (docs/settings-api.md "Second
 * factors"), on the browser session only, like the rest of the account.
 */
@Controller('api/settings/account/second-factors')
@UseGuards(BearerAuthGuard)
export class SecondFactorsController {
  constructor(private readonly factors: SecondFactorsService) {}

  @Get()
  view(@CurrentPrincipal() principal: Principal): Promise<SecondFactorsView> {
    return this.factors.view(sessionUserOf(principal));
  }

  @Post('totp')
  @HttpCode(201)
  async startTotp(@CurrentPrincipal() principal: Principal): Promise<TotpEnrolment> {
    const result = await this.factors.startTotp(sessionUserOf(principal));
    if (result.kind === 'already_on')
      throw ApiError.conflict('An authenticator app is already set up. Turn it off first.');
    return result.enrolment;
  }

  @Post('totp/confirm')
  @HttpCode(200)
  async confirmTotp(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(codeBody) body: z.infer<typeof codeBody>,
  ): Promise<RecoveryCodesView> {
    const result = await this.factors.confirmTotp(sessionUserOf(principal), body.code);
    switch (result.kind) {
      case 'confirmed':
        return { recoveryCodes: result.recoveryCodes };
      case 'wrong_code':
        throw ApiError.badRequest(
          'That code is not right. Enter the code your app shows now.',
          'code',
        );
      case 'not_started':
        throw ApiError.conflict('No authenticator app is waiting to be confirmed. Start again.');
    }
  }

  @Post('totp/disable')
  @HttpCode(204)
  async disableTotp(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(disableBody) body: z.infer<typeof disableBody>,
    @Req() req: Request,
  ): Promise<void> {
    const result = await this.factors.disableTotp(
      sessionUserOf(principal),
      body.password,
      body.code,
      clientAddressOf(req),
    );
    switch (result.kind) {
      case 'disabled':
        return;
      case 'not_on':
        throw ApiError.conflict('No authenticator app is set up.');
      case 'wrong_password':
        throw ApiError.forbidden(WRONG_PASSWORD);
      case 'wrong_code':
        throw ApiError.forbidden(WRONG_CODE);
      case 'throttled':
        throw rateLimitedError(result.retryAfterSeconds);
    }
  }

  @Post('recovery-codes')
  @HttpCode(200)
  async regenerateRecoveryCodes(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(passwordBody) body: z.infer<typeof passwordBody>,
    @Req() req: Request,
  ): Promise<RecoveryCodesView> {
    const result = await this.factors.regenerateRecoveryCodes(
      sessionUserOf(principal),
      body.password,
      clientAddressOf(req),
    );
    switch (result.kind) {
      case 'regenerated':
        return { recoveryCodes: result.recoveryCodes };
      case 'no_factor':
        throw ApiError.conflict('Set up a second factor first.');
      case 'wrong_password':
        throw ApiError.forbidden(WRONG_PASSWORD);
      case 'throttled':
        throw rateLimitedError(result.retryAfterSeconds);
    }
  }
}
