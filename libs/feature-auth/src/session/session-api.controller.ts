import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import {
  AccountReader,
  BearerAuthGuard,
  CurrentPrincipal,
  isSignedIn,
  type Principal,
} from '@gatehouse/identity';
import type { SessionView } from '@gatehouse/settings-api';
import type { Request, Response } from 'express';
import { SessionService } from './session.service';

/**
 * The browser session for the settings pages: who is signed in and the CSRF token their API
 * calls carry (`GET /api/session`), and sign-out (`POST /api/session/logout`).
 */
@Controller('api/session')
export class SessionApiController {
  constructor(
    private readonly sessions: SessionService,
    private readonly accounts: AccountReader,
  ) {}

  /** Readable only by a same-origin page: no CORS header is ever sent, so another site cannot read the token. */
  @Get()
  async current(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionView> {
    const session = await this.sessions.load(req);
    if (!isSignedIn(session)) throw ApiError.unauthorized('Not signed in');
    const user = await this.accounts.findUser(session.data.userId);
    if (!user || user.disabledAt) throw ApiError.unauthorized('Not signed in');
    const memberships = await this.accounts.membershipsOf(user.id);
    res.setHeader('Cache-Control', 'no-store');
    return {
      user: {
        id: user.id,
        name: user.username,
        fullname: user.fullname,
        email: user.email,
        avatarUrl: user.avatarUrl,
      },
      orgs: memberships.map(({ organization, role }) => ({
        id: organization.id,
        name: organization.name,
        fullname: organization.fullname,
        roleInOrg: role,
      })),
      csrfToken: session.data.csrfToken,
    };
  }

  /** Ends the session; BearerAuthGuard has checked the cookie's CSRF header and origin. */
  @Post('logout')
  @HttpCode(204)
  @UseGuards(BearerAuthGuard)
  async logout(
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    if (principal.kind !== 'session')
      throw ApiError.forbidden('Only the browser session can be signed out here');
    await this.sessions.signOut(req, res);
  }
}
