import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { formatUserCode, normalizeUserCode } from '@gatehouse/domain';
import { clientAddressOf } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import { ConsentContextReader } from '../consent/ports/consent-context.reader';
import { unconfirmedEmailPage } from '../pages/confirm-email.page';
import { redirectSeeOther, sendPage } from '../pages/page-response';
import { isSignedIn, type SignedInSession } from '@gatehouse/identity';
import { SessionService } from '../session/session.service';
import { signInLocation } from '../session/sign-in-location';
import { deviceCodePage } from './device-code.page';
import { deviceConsentPage } from './device-consent.page';
import { DeviceConsentView } from './device-consent-view';
import { DEVICE_VERIFICATION_PATH } from './device-flow-options';
import { deviceExpiredPage } from './device-result.page';
import { DeviceVerificationService } from './device-verification.service';

const EXPIRED_FORM_MESSAGE = 'This form has expired. Please enter the code again.';

/**
 * The verification page (RFC 8628 §3.3): `GET /oauth/device` (sign in first, then the code form),
 * `POST /oauth/device/verify` (the code), `GET /oauth/device/consent` (the device consent page,
 * answered through the shared `POST /oauth/consent`). `POST /oauth/device` itself is the device
 * authorization endpoint (RFC 8628 §3.1), hence the separate form target.
 */
@Controller('oauth/device')
export class DeviceVerificationController {
  constructor(
    private readonly sessions: SessionService,
    private readonly verification: DeviceVerificationService,
    private readonly consentView: DeviceConsentView,
    private readonly contexts: ConsentContextReader,
  ) {}

  @Get()
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const typed = typeof req.query.user_code === 'string' ? req.query.user_code : '';
    const session = await this.sessions.load(req);
    if (!isSignedIn(session)) return redirectSeeOther(res, signInLocation(pageLocation(typed)));
    const account = await this.account(session);
    if (account === null) return this.signInAgain(req, res, typed);
    if (!account.emailConfirmed)
      return sendPage(res, 403, unconfirmedEmailPage({ csrfToken: session.data.csrfToken }));
    const { username } = account;
    sendPage(
      res,
      200,
      deviceCodePage({ csrfToken: session.data.csrfToken, username, userCode: prefill(typed) }),
    );
  }

  @Post('verify')
  async verify(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const typed = typeof form.user_code === 'string' ? form.user_code.slice(0, 64) : '';
    const session = await this.sessions.load(req);
    if (!isSignedIn(session)) return redirectSeeOther(res, signInLocation(pageLocation(typed)));
    const account = await this.account(session);
    if (account === null) return this.signInAgain(req, res, typed);
    if (!account.emailConfirmed)
      return sendPage(res, 403, unconfirmedEmailPage({ csrfToken: session.data.csrfToken }));
    const { username } = account;
    const page = (error: string) =>
      deviceCodePage({ csrfToken: session.data.csrfToken, username, userCode: typed, error });
    if (!this.sessions.csrfMatches(session, form.csrf_token))
      return sendPage(res, 403, page(EXPIRED_FORM_MESSAGE));

    const result = await this.verification.verify({
      userId: session.data.userId,
      authTime: session.data.authTime,
      address: clientAddressOf(req),
      typed,
    });
    switch (result.kind) {
      case 'consent':
        return redirectSeeOther(res, result.location);
      case 'wrong_code':
        return sendPage(res, 400, page(result.message));
      case 'limited':
        res.setHeader('Retry-After', String(result.retryAfterSeconds));
        return sendPage(res, 429, page(result.message));
      case 'sign_in':
        return this.signInAgain(req, res, typed);
    }
  }

  @Get('consent')
  async consent(@Req() req: Request, @Res() res: Response): Promise<void> {
    const session = await this.sessions.load(req);
    if (!isSignedIn(session)) return redirectSeeOther(res, signInLocation(req.originalUrl));
    const consentId = typeof req.query.consent_id === 'string' ? req.query.consent_id : '';
    const view = await this.consentView.load(
      consentId,
      session.data.userId,
      session.data.csrfToken,
    );
    if (!view) return sendPage(res, 400, deviceExpiredPage());
    sendPage(res, 200, deviceConsentPage(view));
  }

  /**
   * The signed-in user's name and whether their address is confirmed (no app may be authorized
   * before), or null when the account is gone or disabled.
   */
  private async account(
    session: SignedInSession,
  ): Promise<{ username: string; emailConfirmed: boolean } | null> {
    const { user } = await this.contexts.read('', session.data.userId);
    return user && !user.disabled
      ? { username: user.username, emailConfirmed: user.emailConfirmed }
      : null;
  }

  private async signInAgain(req: Request, res: Response, typed: string): Promise<void> {
    await this.sessions.signOut(req, res);
    redirectSeeOther(res, signInLocation(pageLocation(typed)));
  }
}

/** The page again, with the code the user had (so signing in does not lose it). */
function pageLocation(typed: string): string {
  const code = prefill(typed);
  return code
    ? `${DEVICE_VERIFICATION_PATH}?user_code=${encodeURIComponent(code)}`
    : DEVICE_VERIFICATION_PATH;
}

/** A well-formed code is shown as the device shows it; anything else as typed (bounded). */
function prefill(typed: string): string {
  const code = normalizeUserCode(typed);
  return code ? formatUserCode(code) : typed.trim().slice(0, 32);
}
