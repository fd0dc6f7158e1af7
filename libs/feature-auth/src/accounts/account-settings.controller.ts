import { Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '@gatehouse/identity';
import { clientAddressOf, ZodBody } from '@gatehouse/platform';
import type { AccountView, EmailChangeRequested } from '@gatehouse/settings-api';
import type { Request } from 'express';
import { z } from 'zod';
import { SessionService } from '../session/session.service';
import { PasswordService } from './password.service';
import { OwnAccountRepository } from './ports/own-account.repository';
import { rateLimitedError, sessionUserOf } from './session-user';

const changePasswordBody = z.strictObject({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().max(1024),
});

const changeEmailBody = z.strictObject({
  password: z.string().min(1).max(1024),
  email: z.string().max(1024),
});

const WRONG_PASSWORD = 'The current password is not right.';

/**
 * The signed-in person's account in the settings app (docs/settings-api.md "Account"): read it,
 * change the password (the current one required), change the address (the password required,
 * the new address confirms). Only on the browser session: a token, even a write one, cannot take
 * over an account by changing its password or address.
 */
@Controller('api/settings/account')
@UseGuards(BearerAuthGuard)
export class AccountSettingsController {
  constructor(
    private readonly accounts: OwnAccountRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
  ) {}

  @Get()
  async view(@CurrentPrincipal() principal: Principal): Promise<AccountView> {
    const account = await this.accounts.findById(sessionUserOf(principal));
    if (!account) throw ApiError.notFound('Account not found');
    return {
      username: account.username,
      email: account.email,
      emailConfirmed: account.emailConfirmed,
    };
  }

  @Post('password')
  @HttpCode(204)
  async changePassword(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(changePasswordBody) body: z.infer<typeof changePasswordBody>,
    @Req() req: Request,
  ): Promise<void> {
    const result = await this.passwords.changePassword(
      sessionUserOf(principal),
      body.currentPassword,
      body.newPassword,
      clientAddressOf(req),
      (await this.sessions.load(req))?.id,
    );
    switch (result.kind) {
      case 'changed':
        return;
      case 'wrong_password':
        throw ApiError.forbidden(WRONG_PASSWORD);
      case 'invalid':
        throw ApiError.badRequest(result.violation.message, 'newPassword');
      case 'throttled':
        throw rateLimitedError(result.retryAfterSeconds);
    }
  }

  @Post('email')
  @HttpCode(202)
  async changeEmail(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(changeEmailBody) body: z.infer<typeof changeEmailBody>,
    @Req() req: Request,
  ): Promise<EmailChangeRequested> {
    const result = await this.passwords.changeEmail(
      sessionUserOf(principal),
      body.password,
      body.email,
      clientAddressOf(req),
    );
    switch (result.kind) {
      case 'sent':
        return { pendingEmail: result.email };
      case 'wrong_password':
        throw ApiError.forbidden(WRONG_PASSWORD);
      case 'invalid':
        throw ApiError.badRequest(result.violation.message, 'email');
      case 'throttled':
        throw rateLimitedError(result.retryAfterSeconds);
    }
  }
}
