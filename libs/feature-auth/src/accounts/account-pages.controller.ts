import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { isSignedIn } from '@gatehouse/identity';
import { clientAddressOf } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import { confirmEmailPage } from '../pages/confirm-email.page';
import { forgotPasswordPage } from '../pages/forgot-password.page';
import { messagePage } from '../pages/message.page';
import { sendPage } from '../pages/page-response';
import { resetPasswordPage } from '../pages/reset-password.page';
import { SIGN_IN_PATH } from '../pages/sign-in.page';
import { signUpPage } from '../pages/sign-up.page';
import { SessionService } from '../session/session.service';
import { html } from '../pages/html';
import { tooManyRequestsMessage } from './account-request-throttle';
import { PasswordService } from './password.service';
import { SignUpService } from './sign-up.service';

const EXPIRED_FORM_MESSAGE = 'This form has expired. Please try again.';
const INVALID_LINK_MESSAGE = 'This link has expired or was already used. Ask for a new one.';
const signInLink = html`<p class="links"><a href="${SIGN_IN_PATH}">Sign in</a></p>`;

function field(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/**
 * The account pages beside sign-in, server-rendered and working without JavaScript: sign-up
 * (`/oauth/signup`), address confirmation (`/oauth/confirm-email`, and `/resend` for a signed-in
 * account), "Forgot password?" (`/oauth/forgot-password`) and the reset link's form
 * (`/oauth/reset-password`). Every form carries the session's CSRF token; a link opened only shows
 * a form, the POST uses it.
 */
@Controller('oauth')
export class AccountPagesController {
  constructor(
    private readonly sessions: SessionService,
    private readonly signUps: SignUpService,
    private readonly passwords: PasswordService,
  ) {}

  @Get('signup')
  async showSignUp(@Req() req: Request, @Res() res: Response): Promise<void> {
    const invitation = typeof req.query.invitation === 'string' ? req.query.invitation : null;
    if (!(await this.signUps.mayShowForm(invitation)))
      return this.signUpUnavailable(res, invitation);
    const session = await this.sessions.loadOrStart(req, res);
    sendPage(res, 200, signUpPage({ csrfToken: session.data.csrfToken, invitation }));
  }

  @Post('signup')
  async signUp(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const invitation = field(form, 'invitation') || null;
    const session = await this.sessions.loadOrStart(req, res);
    const again = (status: number, error: string) =>
      sendPage(
        res,
        status,
        signUpPage({
          csrfToken: session.data.csrfToken,
          invitation,
          username: field(form, 'username'),
          email: field(form, 'email'),
          error,
        }),
      );
    if (!this.sessions.csrfMatches(session, form.csrf_token))
      return again(403, EXPIRED_FORM_MESSAGE);
    const result = await this.signUps.signUp({
      username: field(form, 'username'),
      email: field(form, 'email'),
      password: field(form, 'password'),
      invitation,
      address: clientAddressOf(req),
    });
    switch (result.kind) {
      case 'sent':
        return sendPage(
          res,
          200,
          messagePage({
            title: 'Check your inbox',
            message: `We sent a message to ${result.email}. Follow its link to finish creating your account.`,
            extra: signInLink,
          }),
        );
      case 'invalid':
        return again(400, result.violation.message);
      case 'throttled':
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        return again(429, tooManyRequestsMessage(result.retryAfterSeconds));
      case 'closed':
      case 'invitation_invalid':
        return this.signUpUnavailable(res, invitation);
    }
  }

  @Get('confirm-email')
  async showConfirmEmail(@Req() req: Request, @Res() res: Response): Promise<void> {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!(await this.signUps.confirmationIsLive(token)))
      return this.invalidLink(res, 'Confirm your e-mail address');
    const session = await this.sessions.loadOrStart(req, res);
    sendPage(res, 200, confirmEmailPage({ csrfToken: session.data.csrfToken, token }));
  }

  @Post('confirm-email')
  async confirmEmail(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const session = await this.sessions.loadOrStart(req, res);
    const token = field(form, 'token');
    if (!this.sessions.csrfMatches(session, form.csrf_token))
      return sendPage(res, 403, confirmEmailPage({ csrfToken: session.data.csrfToken, token }));
    const result = await this.signUps.confirmEmail(token, clientAddressOf(req));
    switch (result.kind) {
      case 'confirmed':
        return sendPage(
          res,
          200,
          messagePage({
            title: 'Address confirmed',
            message: 'Your e-mail address is confirmed. You can now sign in and authorize apps.',
            extra: signInLink,
          }),
        );
      case 'email_taken':
        return sendPage(
          res,
          409,
          messagePage({
            title: 'Confirm your e-mail address',
            message:
              'Another account uses this address now. Choose another one in your account settings.',
            alert: true,
          }),
        );
      case 'throttled':
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        return sendPage(
          res,
          429,
          messagePage({
            title: 'Confirm your e-mail address',
            message: tooManyRequestsMessage(result.retryAfterSeconds),
            alert: true,
          }),
        );
      case 'invalid_link':
        return this.invalidLink(res, 'Confirm your e-mail address');
    }
  }

  /** A new confirmation link for the signed-in account: the consent and device pages link here. */
  @Post('confirm-email/resend')
  async resendConfirmation(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const session = await this.sessions.load(req);
    const title = 'Confirm your e-mail address';
    if (!isSignedIn(session) || !this.sessions.csrfMatches(session, form.csrf_token))
      return sendPage(
        res,
        403,
        messagePage({ title, message: EXPIRED_FORM_MESSAGE, alert: true, extra: signInLink }),
      );
    const result = await this.signUps.resendConfirmation(session.data.userId, clientAddressOf(req));
    switch (result.kind) {
      case 'sent':
        return sendPage(
          res,
          200,
          messagePage({
            title: 'Check your inbox',
            message: `We sent a new confirmation link to ${result.email}.`,
          }),
        );
      case 'confirmed':
        return sendPage(
          res,
          200,
          messagePage({ title, message: 'Your e-mail address is already confirmed.' }),
        );
      case 'throttled':
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        return sendPage(
          res,
          429,
          messagePage({
            title,
            message: tooManyRequestsMessage(result.retryAfterSeconds),
            alert: true,
          }),
        );
    }
  }

  @Get('forgot-password')
  async showForgotPassword(@Req() req: Request, @Res() res: Response): Promise<void> {
    const session = await this.sessions.loadOrStart(req, res);
    sendPage(res, 200, forgotPasswordPage({ csrfToken: session.data.csrfToken }));
  }

  @Post('forgot-password')
  async forgotPassword(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const session = await this.sessions.loadOrStart(req, res);
    const email = field(form, 'email');
    if (!this.sessions.csrfMatches(session, form.csrf_token))
      return sendPage(
        res,
        403,
        forgotPasswordPage({
          csrfToken: session.data.csrfToken,
          email,
          error: EXPIRED_FORM_MESSAGE,
        }),
      );
    const result = await this.passwords.requestReset(email, clientAddressOf(req));
    if (result.kind === 'throttled') {
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      return sendPage(
        res,
        429,
        forgotPasswordPage({
          csrfToken: session.data.csrfToken,
          email,
          error: tooManyRequestsMessage(result.retryAfterSeconds),
        }),
      );
    }
    sendPage(
      res,
      200,
      messagePage({
        title: 'Check your inbox',
        message: `If an account uses ${email.trim()}, we sent it a link to choose a new password. The link works for 30 minutes.`,
        extra: signInLink,
      }),
    );
  }

  @Get('reset-password')
  async showResetPassword(@Req() req: Request, @Res() res: Response): Promise<void> {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (!(await this.passwords.resetIsLive(token)))
      return this.invalidLink(res, 'Choose a new password');
    const session = await this.sessions.loadOrStart(req, res);
    sendPage(res, 200, resetPasswordPage({ csrfToken: session.data.csrfToken, token }));
  }

  @Post('reset-password')
  async resetPassword(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const session = await this.sessions.loadOrStart(req, res);
    const token = field(form, 'token');
    const again = (status: number, error: string) =>
      sendPage(res, status, resetPasswordPage({ csrfToken: session.data.csrfToken, token, error }));
    if (!this.sessions.csrfMatches(session, form.csrf_token))
      return again(403, EXPIRED_FORM_MESSAGE);
    const result = await this.passwords.resetPassword(
      token,
      field(form, 'password'),
      clientAddressOf(req),
    );
    switch (result.kind) {
      case 'reset':
        // This browser's session ended with every other one: it signs in with the new password.
        await this.sessions.signOut(req, res);
        return sendPage(
          res,
          200,
          messagePage({
            title: 'Password changed',
            message:
              'Your password is changed and every session of your account has ended. Sign in with the new password.',
            extra: signInLink,
          }),
        );
      case 'invalid':
        return again(400, result.violation.message);
      case 'throttled':
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        return again(429, tooManyRequestsMessage(result.retryAfterSeconds));
      case 'invalid_link':
        return this.invalidLink(res, 'Choose a new password');
    }
  }

  private signUpUnavailable(res: Response, invitation: string | null): void {
    const message =
      this.signUps.mode === 'closed'
        ? 'New accounts are created by an administrator. Ask yours for one.'
        : invitation === null
          ? 'New accounts are by invitation only. Ask an administrator for an invitation link.'
          : 'This invitation has expired or was already used. Ask for a new one.';
    sendPage(
      res,
      this.signUps.mode === 'closed' ? 404 : 403,
      messagePage({ title: 'Create account', message, alert: true, extra: signInLink }),
    );
  }

  private invalidLink(res: Response, title: string): void {
    sendPage(
      res,
      410,
      messagePage({ title, message: INVALID_LINK_MESSAGE, alert: true, extra: signInLink }),
    );
  }
}
