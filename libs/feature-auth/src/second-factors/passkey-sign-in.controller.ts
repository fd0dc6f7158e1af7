import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Request, Response } from 'express';
import { readDeviceCookie, writeDeviceCookie } from '../session/known-device-cookie';
import { KnownDevices } from '../session/known-devices';
import { PendingSignIns } from '../session/pending-sign-ins';
import { SignInAccounts } from '../session/ports/sign-in-accounts';
import { safeReturnTo } from '../session/return-to';
import { SESSION_OPTIONS, type SessionOptions } from '../session/session-options';
import { SessionService } from '../session/session.service';
import { PasskeysService } from './passkeys.service';

const NOT_VERIFIED = 'This passkey could not sign you in. Try again, or use your password.';

/**
 * Passkeys on the sign-in pages (the script of passkey-script.ts calls these): the options of a
 * ceremony for this browser, then its answer, which finishes the pending sign-in of a password
 * already given (the passkey must be that account's), or signs in without a password. Both need
 * the page's CSRF token. The answer is where to go next.
 */
@Controller('oauth/login/passkey')
export class PasskeySignInController {
  constructor(
    private readonly sessions: SessionService,
    private readonly pendingSignIns: PendingSignIns,
    private readonly passkeys: PasskeysService,
    private readonly accounts: SignInAccounts,
    private readonly knownDevices: KnownDevices,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
  ) {}

  @Post('options')
  @HttpCode(200)
  async signInOptions(
    @Req() req: Request,
    @Body() body: unknown,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const session = await this.checkedSession(req, body);
    const pending = await this.pendingSignIns.find(session.id);
    return this.passkeys.signInOptions(session.id, pending?.userId ?? null);
  }

  @Post()
  @HttpCode(200)
  async signIn(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Body() body: unknown,
  ): Promise<{ redirect: string }> {
    const session = await this.checkedSession(req, body);
    const form = body as { response?: unknown; return_to?: unknown };
    if (typeof form.response !== 'object' || form.response === null)
      throw ApiError.badRequest('response is required', 'response');
    const pending = await this.pendingSignIns.find(session.id);
    const userId = await this.passkeys.signIn(
      session.id,
      form.response as AuthenticationResponseJSON,
      pending?.userId ?? null,
    );
    if (userId === null) throw ApiError.unauthorized(NOT_VERIFIED);
    if (pending) {
      const finished = await this.pendingSignIns.finish(session.id);
      if (!finished) throw ApiError.unauthorized(NOT_VERIFIED);
      await this.sessions.signIn(req, res, finished.userId);
      writeDeviceCookie(res, finished.deviceToken, this.options.secureCookies);
      return { redirect: finished.returnTo };
    }
    const account = await this.accounts.findById(userId);
    if (!account || account.disabled)
      throw ApiError.forbidden('This account is disabled. Contact your administrator.');
    const deviceToken = await this.knownDevices.remember(
      userId,
      readDeviceCookie(req, this.options.secureCookies),
    );
    await this.sessions.signIn(req, res, userId);
    writeDeviceCookie(res, deviceToken, this.options.secureCookies);
    return { redirect: safeReturnTo(form.return_to) };
  }

  private async checkedSession(req: Request, body: unknown) {
    const session = await this.sessions.load(req);
    const csrf = (body as { csrf_token?: unknown } | null)?.csrf_token;
    if (!this.sessions.csrfMatches(session, csrf))
      throw ApiError.forbidden('This form has expired. Reload the page.');
    return session!;
  }
}
