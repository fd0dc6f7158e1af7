import { Inject, Injectable } from '@nestjs/common';
import { type Clock, rateLimitKeyOf } from '@gatehouse/domain';
import { FlowStore } from '@gatehouse/flow-state';
import { CLOCK, FLOW_STORE } from '@gatehouse/platform';
import { DEVICE_FLOW_OPTIONS, ResolvedDeviceFlowOptions } from './device-flow-options';

/** Which limit stopped an entry. */
export type EntryLimit = 'user' | 'address' | 'global';

export type EntryAdmission =
  | { admitted: true; ticket: EntryTicket }
  | { admitted: false; limit: EntryLimit; retryAfterSeconds: number };

/** What `admit` counted, to be marked a success when the code turns out right. */
export interface EntryTicket {
  readonly counters: readonly Counter[];
}

interface Counter {
  limit: EntryLimit;
  attemptsKey: string;
  successesKey: string;
  allowedWrong: number;
  windowMs: number;
  windowEndsAt: number;
}

/**
 * Brute-force resistance for user codes (RFC 8628 §5.1): at most `perUser` wrong codes per
 * signed-in user and `perAddress` per client address in each window, and `global` wrong codes on
 * the whole server per global window, counting only entries the per-user and per-address limits
 * admitted.
 *
 * Every entry counts as an attempt BEFORE the code is looked up (an atomic increment), and a right
 * code then counts as a success; wrong = attempts - successes. Counting first is what makes the
 * limit hold under concurrent submissions: of 100 parallel guesses only the first `perUser` are
 * looked up. Nothing is ever reset on success, neither per address nor per user: an attacker who
 * can start device flows of their own holds valid codes, and must not be able to reset their
 * guessing budget with them. Windows are fixed and aligned to the clock, so attempts and
 * successes of one window share its lifetime.
 */
@Injectable()
export class UserCodeEntryGuard {
  constructor(
    @Inject(FLOW_STORE) private readonly store: FlowStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DEVICE_FLOW_OPTIONS) private readonly options: ResolvedDeviceFlowOptions,
  ) {}

  async admit(keys: { userId: string; address: string }): Promise<EntryAdmission> {
    const { limits } = this.options;
    const local = [
      this.counter('user', `user:${keys.userId}`, limits.perUser, limits.windowSeconds),
      this.counter(
        'address',
        `address:${rateLimitKeyOf(keys.address)}`,
        limits.perAddress,
        limits.windowSeconds,
      ),
    ];
    // Both local counters count even when one refuses: hammering never shortens a wait.
    let refusal = await this.countAll(local);
    if (refusal) return { admitted: false, ...refusal };
    // The server-wide budget counts only entries its user and address were allowed to make, so
    // one account or address cannot spend it for everyone.
    const global = this.counter('global', 'global', limits.global, limits.globalWindowSeconds);
    refusal = await this.countAll([global]);
    if (refusal) return { admitted: false, ...refusal };
    return { admitted: true, ticket: { counters: [...local, global] } };
  }

  private async countAll(
    counters: readonly Counter[],
  ): Promise<{ limit: EntryLimit; retryAfterSeconds: number } | null> {
    const nowMs = this.clock.now();
    let refusal: { limit: EntryLimit; retryAfterSeconds: number } | null = null;
    for (const counter of counters) {
      const attempts = await this.store.increment(counter.attemptsKey, counter.windowMs);
      const successes = Number((await this.store.get(counter.successesKey)) ?? 0);
      if (attempts - successes > counter.allowedWrong && refusal === null) {
        refusal = {
          limit: counter.limit,
          retryAfterSeconds: Math.max(1, Math.ceil((counter.windowEndsAt - nowMs) / 1000)),
        };
      }
    }
    return refusal;
  }

  /** The code was right: the attempt does not count as a wrong one. */
  async succeeded(ticket: EntryTicket): Promise<void> {
    for (const counter of ticket.counters)
      await this.store.increment(counter.successesKey, counter.windowMs);
  }

  private counter(
    limit: EntryLimit,
    subject: string,
    allowedWrong: number,
    windowSeconds: number,
  ): Counter {
    const windowMs = windowSeconds * 1000;
    const window = Math.floor(this.clock.now() / windowMs);
    const base = `device-user-code-entries:${subject}:${window}`;
    return {
      limit,
      attemptsKey: `${base}:attempts`,
      successesKey: `${base}:successes`,
      allowedWrong,
      windowMs,
      windowEndsAt: (window + 1) * windowMs,
    };
  }
}
