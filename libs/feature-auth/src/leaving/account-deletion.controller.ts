import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '@gatehouse/identity';
import { clientAddressOf, ZodBody } from '@gatehouse/platform';
import type { AccountDeletionScheduled } from '@gatehouse/settings-api';
import type { Request } from 'express';
import { z } from 'zod';
import { tooManyRequestsMessage } from '../accounts/account-request-throttle';
import { ownerlessMessage } from '../admin/account-removal';
import { AccountDeletionService } from './account-deletion.service';

const deletionBody = z.strictObject({
  password: z.string().min(1).max(1024),
  /** The second factor's code, once the account has one. */
  secondFactorCode: z.string().min(1).max(64).optional(),
});

/**
 * "Delete my account" (docs/settings-api.md "Account"): only on the browser session, like every
 * change to the account itself.
 */
@Controller('api/settings/account/deletion')
@UseGuards(BearerAuthGuard)
export class AccountDeletionController {
  constructor(private readonly deletions: AccountDeletionService) {}

  @Post()
  @HttpCode(202)
  async request(
    @CurrentPrincipal() principal: Principal,
    @ZodBody(deletionBody) body: z.infer<typeof deletionBody>,
    @Req() req: Request,
  ): Promise<AccountDeletionScheduled> {
    if (principal.kind !== 'session' || !principal.user)
      throw ApiError.forbidden('Manage your account from the settings pages, signed in');
    const result = await this.deletions.request(
      principal.user.id,
      body.password,
      body.secondFactorCode,
      clientAddressOf(req),
    );
    switch (result.kind) {
      case 'scheduled':
        return { deletionDueAt: result.dueAt.toISOString() };
      case 'wrong_password':
        throw ApiError.forbidden('The password is not right.');
      case 'second_factor_required':
        throw ApiError.forbidden('Enter the code of your second factor too.');
      case 'wrong_second_factor':
        throw ApiError.forbidden('The second factor’s code is not right.');
      case 'ownerless':
        throw ApiError.conflict(ownerlessMessage(principal.user.username, result.organizations));
      case 'throttled':
        throw new ApiError('rate_limited', tooManyRequestsMessage(result.retryAfterSeconds), {
          retryAfterSeconds: result.retryAfterSeconds,
        });
    }
  }
}
