import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { consentPage } from '../pages/consent.page';
import { messagePage } from '../pages/message.page';
import { redirectSeeOther, sendPage } from '../pages/page-response';
import { isSignedIn } from '@gatehouse/identity';
import { SessionService } from '../session/session.service';
import { signInLocation } from '../session/sign-in-location';
import { ConsentOutcome } from './consent-outcome';
import { ConsentService } from './consent.service';

const GONE_MESSAGE =
  'This authorization request has expired or was already answered. Go back to the app and start again.';

/** The consent page (GET /oauth/consent) and the user's answer (POST /oauth/consent). */
@Controller('oauth/consent')
export class ConsentController {
  constructor(
    private readonly sessions: SessionService,
    private readonly consents: ConsentService,
  ) {}

  @Get()
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const session = await this.sessions.load(req);
    if (!isSignedIn(session)) return redirectSeeOther(res, signInLocation(req.originalUrl));
    const consentId = typeof req.query.consent_id === 'string' ? req.query.consent_id : '';
    const view = await this.consents.view(consentId, session.data.userId, session.data.csrfToken);
    if (!view)
      return sendPage(
        res,
        400,
        messagePage({ title: 'Authorization expired', message: GONE_MESSAGE, alert: true }),
      );
    sendPage(res, 200, consentPage(view));
  }

  @Post()
  async decide(@Req() req: Request, @Res() res: Response): Promise<void> {
    const form = (req.body ?? {}) as Record<string, unknown>;
    const session = await this.sessions.load(req);
    if (!isSignedIn(session) || !this.sessions.csrfMatches(session, form.csrf_token)) {
      return sendPage(
        res,
        403,
        messagePage({ title: 'Authorization expired', message: GONE_MESSAGE, alert: true }),
      );
    }
    const consentId = typeof form.consent_id === 'string' ? form.consent_id : '';
    const outcome = await this.consents.decide(consentId, session.data.userId, {
      decision: form.decision === 'authorize' ? 'authorize' : 'deny',
      orgIds: stringList(form.org_ids),
      // Only a form that showed scope boxes chooses; an older form grants what was asked.
      scopes: form.scope_choice === '1' ? stringList(form.scopes) : undefined,
    });
    if (!outcome)
      return sendPage(
        res,
        400,
        messagePage({ title: 'Authorization expired', message: GONE_MESSAGE, alert: true }),
      );
    sendOutcome(res, outcome);
  }
}

function sendOutcome(res: Response, outcome: ConsentOutcome): void {
  if (outcome.kind === 'redirect') redirectSeeOther(res, outcome.location);
  else sendPage(res, outcome.status, outcome.html);
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}
