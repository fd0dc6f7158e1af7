import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { AccountReader, isSignedIn } from '@gatehouse/identity';
import type { Request, Response } from 'express';
import { messagePage } from '../pages/message.page';
import { redirectSeeOther, sendPage } from '../pages/page-response';
import { SessionService } from '../session/session.service';
import { endSessionPage } from './end-session.page';
import { endSessionRequestOf, postLogoutLocation } from './end-session-request';
import { type EndSessionDecision, EndSessionService } from './end-session.service';

const INVALID = 'The logout request is not valid';

/**
 * The `end_session_endpoint` (OpenID Connect RP-Initiated Logout 1.0), GET and POST: the app
 * sends the browser here; the session ends (asking first when the request does not name its
 * user) and the browser goes back to the app's registered address, or sees that it signed out.
 */
@Controller('oauth/end-session')
export class EndSessionController {
  constructor(
    private readonly endSession: EndSessionService,
    private readonly sessions: SessionService,
    private readonly accounts: AccountReader,
  ) {}

  @Get()
  async get(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.request(req, res, req.query as Record<string, unknown>);
  }

  @Post()
  async post(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    if (form.confirm === undefined) return this.request(req, res, form);
    const session = await this.sessions.load(req);
    const request = endSessionRequestOf(form);
    if (!this.sessions.csrfMatches(session, form.csrf_token) || request === null)
      return sendPage(
        res,
        403,
        messagePage({ title: 'Sign out', message: 'This form has expired.', alert: true }),
      );
    const { clientId, postLogoutRedirectUri, state } = request;
    await this.finish(
      req,
      res,
      await this.endSession.confirmed({ clientId, appName: null, postLogoutRedirectUri, state }),
    );
  }

  private async request(req: Request, res: Response, params: Record<string, unknown>) {
    const request = endSessionRequestOf(params);
    if (request === null) return this.refuse(res, 'A parameter is repeated or too long.');
    const session = await this.sessions.load(req);
    const decision = await this.endSession.decide(request, session);
    if (decision.kind === 'confirm' && isSignedIn(session)) {
      const user = await this.accounts.findUser(session.data.userId);
      return sendPage(
        res,
        200,
        endSessionPage({
          csrfToken: session.data.csrfToken,
          username: user?.username ?? 'unknown',
          then: decision.then,
        }),
      );
    }
    await this.finish(req, res, decision);
  }

  private async finish(req: Request, res: Response, decision: EndSessionDecision): Promise<void> {
    if (decision.kind === 'invalid') return this.refuse(res, decision.message);
    await this.sessions.signOut(req, res);
    const { postLogoutRedirectUri, state } = decision.then;
    if (postLogoutRedirectUri !== null)
      return redirectSeeOther(res, postLogoutLocation(postLogoutRedirectUri, state));
    sendPage(
      res,
      200,
      messagePage({ title: 'Signed out', message: 'You have signed out of Gatehouse.' }),
    );
  }

  private refuse(res: Response, message: string): void {
    sendPage(res, 400, messagePage({ title: INVALID, message, alert: true }));
  }
}
