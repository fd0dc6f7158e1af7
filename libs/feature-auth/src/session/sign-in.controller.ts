import { Controller, Get, Inject, Optional, Post, Req, Res } from '@nestjs/common';
import { AccountReader } from '@gatehouse/identity';
import { clientAddressOf } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import { deletionCancelledPage } from '../pages/deletion-cancelled.page';
import { messagePage } from '../pages/message.page';
import { redirectSeeOther, sendPage } from '../pages/page-response';
import { ACCOUNTS_OPTIONS, type AccountsOptions } from '../accounts/accounts-options';
import { signInPage, type SignInPageView } from '../pages/sign-in.page';
import { signOutPage } from '../pages/sign-out.page';
import { isSignedIn } from '@gatehouse/identity';
import { readDeviceCookie, writeDeviceCookie } from './known-device-cookie';
import { DEFAULT_RETURN_TO, safeReturnTo } from './return-to';
import { SESSION_OPTIONS, SessionOptions } from './session-options';
import { SessionService } from './session.service';
import { SignInService } from './sign-in.service';
import { PendingSignIns } from './pending-sign-ins';
import { SecondFactorStore } from '../second-factors/ports/second-factor.store';
import { FACTOR_STEP_PATH } from '../pages/factor-step.page';

const EXPIRED_FORM_MESSAGE = 'This form has expired. Please try again.';

/** The sign-in page (GET and POST /oauth/login) and sign-out (GET and POST /oauth/logout). */
@Controller('oauth')
export class SignInController {
  constructor(
    private readonly sessions: SessionService,
    private readonly signInService: SignInService,
    private readonly accounts: AccountReader,
    private readonly factors: SecondFactorStore,
    private readonly pendingSignIns: PendingSignIns,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
    @Optional() @Inject(ACCOUNTS_OPTIONS) private readonly accountsOptions?: AccountsOptions,
  ) {}

  private signInPage(view: SignInPageView): string {
    return signInPage({
      ...view,
      signUpLink: (this.accountsOptions?.signUp ?? 'closed') !== 'closed',
    });
  }

  @Get('login')
  async showSignIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const returnTo = safeReturnTo(req.query.return_to);
    const reauthenticate = req.query.prompt === 'login';
    const session = await this.sessions.load(req);
    if (isSignedIn(session) && !reauthenticate) {
      if (returnTo !== DEFAULT_RETURN_TO) return redirectSeeOther(res, returnTo);
      const user = await this.accounts.findUser(session.data.userId);
      return sendPage(
        res,
        200,
        signOutPage({ csrfToken: session.data.csrfToken, username: user?.username ?? 'unknown' }),
      );
    }
    const fresh = await this.sessions.loadOrStart(req, res);
    sendPage(
      res,
      200,
      this.signInPage({ csrfToken: fresh.data.csrfToken, returnTo, reauthenticate }),
    );
  }

  @Post('login')
  async signIn(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(form.return_to);
    const login = typeof form.login === 'string' ? form.login : '';
    const session = await this.sessions.load(req);
    if (!this.sessions.csrfMatches(session, form.csrf_token)) {
      const fresh = await this.sessions.loadOrStart(req, res);
      return sendPage(
        res,
        403,
        this.signInPage({
          csrfToken: fresh.data.csrfToken,
          returnTo,
          login,
          error: EXPIRED_FORM_MESSAGE,
        }),
      );
    }
    const password = typeof form.password === 'string' ? form.password : '';
    const deviceToken = readDeviceCookie(req, this.options.secureCookies);
    const result = await this.signInService.signIn({
      login,
      password,
      address: clientAddressOf(req),
      deviceToken,
      userAgent: req.headers['user-agent'],
    });
    switch (result.kind) {
      case 'signed_in': {
        const factors = await this.factors.factorsOf(result.userId);
        if (factors.totp || factors.passkeys > 0) {
          // The password alone signs nobody in: the factor step finishes it (FactorStepController).
          await this.pendingSignIns.start(session!.id, {
            userId: result.userId,
            returnTo,
            deviceToken: result.deviceToken,
          });
          return redirectSeeOther(res, FACTOR_STEP_PATH);
        }
        await this.sessions.signIn(req, res, result.userId);
        writeDeviceCookie(res, result.deviceToken, this.options.secureCookies);
        if (result.deletionCancelled) return sendPage(res, 200, deletionCancelledPage(returnTo));
        return redirectSeeOther(res, returnTo);
      }
      case 'throttled':
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        return sendPage(
          res,
          429,
          this.signInPage({
            csrfToken: session!.data.csrfToken,
            returnTo,
            login,
            error: result.message,
          }),
        );
      case 'refused':
        return sendPage(
          res,
          401,
          this.signInPage({
            csrfToken: session!.data.csrfToken,
            returnTo,
            login,
            error: result.message,
          }),
        );
    }
  }

  @Get('logout')
  async showSignOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    const session = await this.sessions.load(req);
    if (!isSignedIn(session))
      return sendPage(
        res,
        200,
        messagePage({ title: 'Signed out', message: 'You are not signed in.' }),
      );
    const user = await this.accounts.findUser(session.data.userId);
    sendPage(
      res,
      200,
      signOutPage({ csrfToken: session.data.csrfToken, username: user?.username ?? 'unknown' }),
    );
  }

  @Post('logout')
  async signOut(@Req() req: Request, @Res() res: Response): Promise<void> {
    const session = await this.sessions.load(req);
    const form = (req.body ?? {}) as Record<string, unknown>;
    if (!this.sessions.csrfMatches(session, form.csrf_token)) {
      return sendPage(
        res,
        403,
        messagePage({ title: 'Sign out', message: EXPIRED_FORM_MESSAGE, alert: true }),
      );
    }
    await this.sessions.signOut(req, res);
    sendPage(
      res,
      200,
      messagePage({ title: 'Signed out', message: 'You have signed out of Gatehouse.' }),
    );
  }
}
