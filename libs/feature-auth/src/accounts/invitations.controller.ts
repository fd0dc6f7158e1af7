import { Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiError, emailViolation } from '@gatehouse/domain';
import { ZodBody } from '@gatehouse/platform';
import { z } from 'zod';
import { SignUpService } from './sign-up.service';

const invitationBody = z.strictObject({ email: z.string().max(254).nullable().optional() });

/**
 * `POST /internal/invitations` (internal token required, as every `/internal` route): an
 * invitation link for GATEHOUSE_SIGNUP=invite, for anyone holding it or, with `email`, for that
 * address only and mailed to it. The platform's back office calls it until the admin API does.
 */
@Controller('internal')
export class InvitationsController {
  constructor(private readonly signUps: SignUpService) {}

  @Post('invitations')
  @HttpCode(201)
  @Header('Cache-Control', 'no-store')
  async create(
    @ZodBody(invitationBody) body: z.infer<typeof invitationBody>,
  ): Promise<{ url: string; expiresAt: string }> {
    const email = body.email?.trim() || null;
    if (email !== null && emailViolation(email))
      throw ApiError.badRequest('Enter a valid e-mail address.', 'email');
    if (this.signUps.mode !== 'invite')
      throw ApiError.conflict('Invitations are used only when GATEHOUSE_SIGNUP is `invite`');
    return this.signUps.createInvitation(email);
  }
}
