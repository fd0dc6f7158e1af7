import { Inject, Injectable } from '@nestjs/common';
import { timingSafeEqualString } from '@gatehouse/crypto';
import type { Clock } from '@gatehouse/domain';
import {
  clearSessionCookie,
  type LoadedSession,
  RandomSource,
  readSessionCookie,
  SessionStore,
  type SignedInSession,
  writeSessionCookie,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import { SESSION_OPTIONS, SessionOptions } from './session-options';

/**
 * The browser session behind the cookie: loaded, started (anonymous, to carry a CSRF token),
 * replaced on sign-in (a new id, so a planted cookie is worthless: session fixation) and ended.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly store: SessionStore,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
  ) {}

  async load(req: Request): Promise<LoadedSession | null> {
    const id = readSessionCookie(req, this.options.secureCookies);
    if (id === null) return null;
    const data = await this.store.get(id);
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
    if (previous !== null) await this.store.delete(previous);
    const session: SignedInSession = {
      id: this.newId(),
      data: { csrfToken: this.newId(), userId, authTime: this.clock.now() },
    };
    await this.store.put(session.id, session.data, this.options.signedInTtlSeconds);
    writeSessionCookie(
      res,
      session.id,
      this.options.secureCookies,
      this.options.signedInTtlSeconds,
    );
    return session;
  }

  async signOut(req: Request, res: Response): Promise<void> {
    const id = readSessionCookie(req, this.options.secureCookies);
    if (id !== null) await this.store.delete(id);
    clearSessionCookie(res, this.options.secureCookies);
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
