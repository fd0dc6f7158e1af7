import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import { SignInSessionStore } from './ports/sign-in-session.store';

/** How stale a session's last activity may get: the sessions page shows it to the minute. */
const ACTIVITY_RESOLUTION_MS = 60_000;

/** Past this many sessions remembered, the process forgets them all and starts over. */
const REMEMBERED_LIMIT = 10_000;

/**
 * A session's last activity, written at most once a minute per session: this process remembers
 * when it last wrote each one and skips the database in between, and the UPDATE itself refuses a
 * write less than a minute after another process's.
 */
@Injectable()
export class SessionActivity {
  private readonly writtenAt = new Map<string, number>();

  constructor(
    private readonly sessions: SignInSessionStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The session was just listed, its last activity its sign-in. */
  started(sessionKey: string): void {
    this.remember(sessionKey, this.clock.now());
  }

  async touch(sessionKey: string): Promise<void> {
    const now = this.clock.now();
    const last = this.writtenAt.get(sessionKey);
    if (last !== undefined && now - last < ACTIVITY_RESOLUTION_MS) return;
    this.remember(sessionKey, now);
    await this.sessions.touch(sessionKey, new Date(now), ACTIVITY_RESOLUTION_MS);
  }

  private remember(sessionKey: string, at: number): void {
    if (this.writtenAt.size >= REMEMBERED_LIMIT) this.writtenAt.clear();
    this.writtenAt.set(sessionKey, at);
  }
}
