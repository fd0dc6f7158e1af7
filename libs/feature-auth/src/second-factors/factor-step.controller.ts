import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { clientAddressOf } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import { factorStepPage } from '../pages/factor-step.page';
import { redirectSeeOther, sendPage } from '../pages/page-response';
import { SIGN_IN_PATH, signInPage } from '../pages/sign-in.page';
import { writeDeviceCookie } from '../session/known-device-cookie';
import { PendingSignIns } from '../session/pending-sign-ins';
import { SESSION_OPTIONS, type SessionOptions } from '../session/session-options';
import { SessionService } from '../session/session.service';
import { FactorVerifier } from './factor-verifier';
import { SecondFactorStore } from './ports/second-factor.store';

const WRONG_CODE = 'That code is not right. Try the current code, or a recovery code.';
const TOO_MANY = 'Too many wrong codes. Sign in again.';

/**
 * The second step of a sign-in (GET and POST /oauth/login/factor): the browser's pending sign-in
 * (PendingSignIns) becomes a signed-in session once a code passes (FactorVerifier), and only then.
 */
@Controller('oauth/login/factor')
export class FactorStepController {
  constructor(
    private readonly sessions: SessionService,
    private readonly pendingSignIns: PendingSignIns,
    private readonly factors: SecondFactorStore,
    private readonly verifier: FactorVerifier,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
  ) {}

  @Get()
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const session = await this.sessions.load(req);
    const pending = session && (await this.pendingSignIns.find(session.id));
    if (!session || !pending) return redirectSeeOther(res, SIGN_IN_PATH);
    const factors = await this.factors.factorsOf(pending.userId);
    sendPage(
      res,
      200,
      factorStepPage({
        csrfToken: session.data.csrfToken,
        totp: factors.totp,
        passkeys: factors.passkeys > 0,
      }),
    );
  }

  @Post()
  async verify(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const session = await this.sessions.load(req);
    const pending = session && (await this.pendingSignIns.find(session.id));
    if (!session || !pending || !this.sessions.csrfMatches(session, form.csrf_token))
      return redirectSeeOther(res, SIGN_IN_PATH);
    const code = typeof form.code === 'string' ? form.code.trim().slice(0, 64) : '';
    const check = await this.verifier.check(pending.userId, code, clientAddressOf(req));
    if (check.kind === 'passed') {
      const finished = await this.pendingSignIns.finish(session.id);
      if (!finished) return redirectSeeOther(res, SIGN_IN_PATH);
      await this.sessions.signIn(req, res, finished.userId);
      writeDeviceCookie(res, finished.deviceToken, this.options.secureCookies);
      return redirectSeeOther(res, finished.returnTo);
    }
    const factors = await this.factors.factorsOf(pending.userId);
    const page = (status: number, error: string) =>
      sendPage(
        res,
        status,
        factorStepPage({
          csrfToken: session.data.csrfToken,
          totp: factors.totp,
          passkeys: factors.passkeys > 0,
          error,
        }),
      );
    if (check.kind === 'throttled') {
      res.setHeader('Retry-After', String(check.retryAfterSeconds));
      const minutes = Math.ceil(check.retryAfterSeconds / 60);
      return page(
        429,
        `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    if (await this.pendingSignIns.wrongCode(session.id, pending)) return page(401, WRONG_CODE);
    sendPage(
      res,
      401,
      signInPage({
        csrfToken: session.data.csrfToken,
        returnTo: pending.returnTo,
        error: TOO_MANY,
      }),
    );
  }
}
