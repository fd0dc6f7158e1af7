import { Inject, Injectable } from '@nestjs/common';
import { newObjectId, timingSafeEqualString } from '@gatehouse/crypto';
import { type Clock, deviceNameOf } from '@gatehouse/domain';
import {
  clearSessionCookie,
  type LoadedSession,
  RandomSource,
  readSessionCookie,
  SessionStore,
  type SignedInSession,
  writeSessionCookie,
} from '@gatehouse/identity';
import { CLOCK, clientAddressOf } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import { SignInSessionStore } from './ports/sign-in-session.store';
import { SessionActivity } from './session-activity';
import { SignOutEvents } from './sign-out-events';
import { SESSION_OPTIONS, SessionOptions } from './session-options';

/**
 * The browser session behind the cookie: loaded, started (anonymous, to carry a CSRF token),
 * replaced on sign-in (a new id, so a planted cookie is worthless: session fixation) and ended.
 * A signed-in session is also listed by user (SignInSessionStore) for the sessions page, with its
 * device, address and last activity.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly store: SessionStore,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
    private readonly listed: SignInSessionStore,
    private readonly activity: SessionActivity,
    private readonly events: SignOutEvents,
  ) {}

  async load(req: Request): Promise<LoadedSession | null> {
    const id = readSessionCookie(req, this.options.secureCookies);
    if (id === null) return null;
    const data = await this.store.get(id);
    if (data?.userId) await this.activity.touch(this.store.keyOf(id));
    return data ? { id, data } : null;
  }

  /** The current session, or a new anonymous one (with its cookie set) when there is none. */
  async loadOrStart(req: Request, res: Response): Promise<LoadedSession> {
    const existing = await this.load(req);
    if (existing) return existing;
    const session: LoadedSession = {
      id: this.newId(),
      data: { csrfToken: this.newId(), userId: null, authTime: null },
    };
    await this.store.put(session.id, session.data, this.options.anonymousTtlSeconds);
    writeSessionCookie(
      res,
      session.id,
      this.options.secureCookies,
      this.options.anonymousTtlSeconds,
    );
    return session;
  }

  /** Ends the current session and starts a signed-in one under a new id and CSRF token. */
  async signIn(req: Request, res: Response, userId: string): Promise<SignedInSession> {
    const previous = readSessionCookie(req, this.options.secureCookies);
    if (previous !== null) await this.end(previous, await this.store.get(previous));
    const now = this.clock.now();
    const sid = newObjectId(now);
    const session: SignedInSession = {
      id: this.newId(),
      data: { csrfToken: this.newId(), userId, authTime: now, sid },
    };
    await this.store.put(session.id, session.data, this.options.signedInTtlSeconds);
    await this.listed.add({
      id: sid,
      userId,
      sessionHash: this.store.keyOf(session.id),
      device: deviceNameOf(req.headers['user-agent']),
      address: clientAddressOf(req),
      signedInAt: new Date(now),
      lastActiveAt: new Date(now),
      expiresAt: new Date(now + this.options.signedInTtlSeconds * 1000),
    });
    this.activity.started(this.store.keyOf(session.id));
    writeSessionCookie(
      res,
      session.id,
      this.options.secureCookies,
      this.options.signedInTtlSeconds,
    );
    return session;
  }

  /** Ends the browser's session; the user's apps are told (back-channel logout). */
  async signOut(req: Request, res: Response): Promise<void> {
    const id = readSessionCookie(req, this.options.secureCookies);
    clearSessionCookie(res, this.options.secureCookies);
    if (id === null) return;
    const data = await this.store.get(id);
    await this.end(id, data);
    if (data?.userId)
      await this.events.recordAlone({
        userId: data.userId,
        sessionIds: data.sid === undefined ? [] : [data.sid],
        everySession: false,
      });
  }

  /** Only a signed-in session is listed: an anonymous one costs no statement. */
  private async end(id: string, data: LoadedSession['data'] | null): Promise<void> {
    await this.store.delete(id);
    if (data?.userId) await this.listed.removeByHash(this.store.keyOf(id));
  }

  /** The synchronizer-token check every form post makes. */
  csrfMatches(session: LoadedSession | null, submitted: unknown): boolean {
    return (
      session !== null &&
      typeof submitted === 'string' &&
      timingSafeEqualString(submitted, session.data.csrfToken)
    );
  }

  private newId(): string {
    return this.random.token('');
  }
}
