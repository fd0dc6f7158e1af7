import { Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import { BearerAuthGuard, CurrentPrincipal, type Principal } from '@gatehouse/identity';
import type { OtherSessionsEndedView, SignInSessionView } from '@gatehouse/settings-api';
import type { Request } from 'express';
import { SessionService } from './session.service';
import { SignInSessionsService } from './sign-in-sessions.service';

/**
 * The signed-in person's browser sessions (docs/settings-api.md "Sessions"). Only on the browser
 * session, like the account: a token cannot sign its owner's browsers out.
 */
@Controller('api/settings/sessions')
@UseGuards(BearerAuthGuard)
export class SignInSessionsController {
  constructor(
    private readonly signIns: SignInSessionsService,
    private readonly sessions: SessionService,
  ) {}

  @Get()
  async list(
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request,
  ): Promise<SignInSessionView[]> {
    const { userId, sessionId } = await this.asker(principal, req);
    return this.signIns.list(userId, sessionId);
  }

  @Post('sign-out-others')
  @HttpCode(200)
  async endOthers(
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request,
  ): Promise<OtherSessionsEndedView> {
    const { userId, sessionId } = await this.asker(principal, req);
    return this.signIns.endOthers(userId, sessionId);
  }

  @Delete(':id')
  @HttpCode(204)
  async end(
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request,
    @Param('id') id: string,
  ): Promise<void> {
    const { userId } = await this.asker(principal, req);
    if (!(await this.signIns.end(userId, id))) throw ApiError.notFound('Session not found');
  }

  private async asker(
    principal: Principal,
    req: Request,
  ): Promise<{ userId: string; sessionId: string }> {
    const session = principal.kind === 'session' ? await this.sessions.load(req) : null;
    if (!principal.user || session === null)
      throw ApiError.forbidden('Manage your sessions from the settings pages, signed in');
    return { userId: principal.user.id, sessionId: session.id };
  }
}
