import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import {
  type AuthorizationParams,
  type OAuthError,
  RateLimited,
  rateLimitKeyOf,
} from '@gatehouse/domain';
import { clientAddressOf } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import { unconfirmedEmailPage } from '../pages/confirm-email.page';
import { html } from '../pages/html';
import { messagePage } from '../pages/message.page';
import { redirectSeeOther, sendPage } from '../pages/page-response';
import { isSignedIn } from '@gatehouse/identity';
import { SessionService } from '../session/session.service';
import { signInLocation } from '../session/sign-in-location';
import { AuthorizeService } from './authorize.service';

const AUTHORIZE_PATH = '/oauth/authorize';

/**
 * `GET` and `POST /oauth/authorize` (OIDC Core §3.1.2.1 allows both). Every redirect is a 303:
 * after a POST the browser must follow with a GET (RFC 9700 §4.12), and clients' tests expect
 * 303 for GET as well (docs/hf-clients.md "OAuth and OpenID Connect").
 */
@Controller('oauth/authorize')
export class AuthorizeController {
  constructor(
    private readonly sessions: SessionService,
    private readonly authorizeService: AuthorizeService,
  ) {}

  @Get()
  authorizeGet(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.respond(req.query as AuthorizationParams, req, res);
  }

  @Post()
  authorizePost(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.respond((req.body ?? {}) as AuthorizationParams, req, res);
  }

  private async respond(params: AuthorizationParams, req: Request, res: Response): Promise<void> {
    const session = await this.sessions.load(req);
    const outcome = await this.authorizeService.authorize(
      params,
      isSignedIn(session) ? session : null,
      rateLimitKeyOf(clientAddressOf(req)),
    );
    switch (outcome.kind) {
      case 'error_page':
        if (outcome.error instanceof RateLimited)
          res.setHeader(
            'Retry-After',
            String(Math.max(1, Math.ceil(outcome.error.retryAfterSeconds))),
          );
        return sendPage(
          res,
          outcome.error instanceof RateLimited ? 429 : 400,
          authorizationErrorPage(outcome.error),
        );
      case 'redirect':
        return redirectSeeOther(res, outcome.location);
      case 'confirm_email':
        return sendPage(res, 403, unconfirmedEmailPage({ csrfToken: session!.data.csrfToken }));
      case 'sign_in': {
        if (outcome.endSession) await this.sessions.signOut(req, res);
        // After a fresh sign-in the request comes back without what asked for it, or it would ask again.
        const back = outcome.reauthenticate ? withoutReauthentication(params) : params;
        return redirectSeeOther(
          res,
          signInLocation(`${AUTHORIZE_PATH}?${queryOf(back)}`, {
            reauthenticate: outcome.reauthenticate,
          }),
        );
      }
    }
  }
}

function authorizationErrorPage(error: OAuthError): string {
  return messagePage({
    title: 'This sign-in request cannot continue',
    message: error.description,
    alert: true,
    extra: html`<p class="muted">Error: <code>${error.code}</code>. Go back to the app and try again, or tell its developer.</p>`,
  });
}

/** `max_age` dropped, and `login` and `select_account` taken out of `prompt` (`consent` stays). */
function withoutReauthentication(params: AuthorizationParams): AuthorizationParams {
  const { max_age: _maxAge, prompt, ...rest } = params;
  const kept =
    typeof prompt === 'string' ? prompt.split(' ').filter((value) => value === 'consent') : [];
  return kept.length > 0 ? { ...rest, prompt: kept.join(' ') } : rest;
}

/** The parameters as a query string, repeated ones kept, so sign-in can come back to the same request. */
function queryOf(params: AuthorizationParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') query.append(name, value);
    else if (Array.isArray(value))
      for (const item of value) if (typeof item === 'string') query.append(name, item);
  }
  return query.toString();
}
