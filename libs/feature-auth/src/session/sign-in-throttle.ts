import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { rateLimitKeyOf } from '@gatehouse/domain';
import { FailureCounter, FlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import { SESSION_OPTIONS, SessionOptions } from './session-options';

export interface ThrottleKeys {
  /** The login as typed (username or e-mail address), whether or not an account has it. */
  login: string;
  /** The client address. */
  address: string;
}

/**
 * Counts FAILED sign-ins in fixed windows (flow-state counters), keyed so that nobody can lock
 * someone else out:
 * - per login typed AND address: a guesser at one address stops after `perLoginAndAddress`;
 * - per address, across logins: one address spraying many accounts stops after `perAddress`;
 * - per login across addresses, it slows down instead of locking: after `slowDownAfter` failures
 *   each further failure makes the next attempt on that login wait twice as long, up to
 *   `maxDelaySeconds`. A botnet guessing one account is slowed to a crawl, while its owner at
 *   home waits seconds, never a quarter of an hour.
 * Keys hold a hash of the login typed, never the account: unknown logins throttle exactly like
 * real ones, and e-mail and username of one account do not share a counter, so the throttle
 * says nothing about which accounts exist or which e-mail belongs to which username.
 * Failures, not attempts: a shared office address signing in all day never throttles itself.
 * A success clears its login's counts, never the address's (one valid password must not reset
 * a guessing budget).
 */
@Injectable()
export class SignInThrottle {
  private readonly failures: FailureCounter;

  constructor(
    @Inject(FLOW_STORE) private readonly store: FlowStore,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
  ) {
    this.failures = new FailureCounter(store, 'sign-in-failures:');
  }

  /** Seconds to wait before trying again, or null when a sign-in may be attempted now. */
  async retryAfterSeconds(keys: ThrottleKeys): Promise<number | null> {
    const { perLoginAndAddress, perAddress, windowSeconds } = this.options.limits;
    const windowMs = windowSeconds * 1000;
    const waits = await Promise.all([
      this.failures.blockedForMs(loginAndAddressKey(keys), perLoginAndAddress, windowMs),
      this.failures.blockedForMs(addressKey(keys), perAddress, windowMs),
      this.store.ttl(slowDownKey(keys)),
    ]);
    const blocked = waits.filter((wait): wait is number => wait !== null).map((ms) => Math.max(1, Math.ceil(ms / 1000)));
    return blocked.length === 0 ? null : Math.max(...blocked);
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    const { windowSeconds, slowDownAfter, maxDelaySeconds } = this.options.limits;
    const windowMs = windowSeconds * 1000;
    await this.failures.record(loginAndAddressKey(keys), windowMs);
    await this.failures.record(addressKey(keys), windowMs);
    const loginFailures = await this.failures.record(loginKey(keys), windowMs);
    if (loginFailures > slowDownAfter) {
      const delaySeconds = Math.min(maxDelaySeconds, 2 ** Math.min(loginFailures - slowDownAfter - 1, 30));
      await this.store.put(slowDownKey(keys), '1', delaySeconds * 1000);
    }
  }

  async recordSuccess(keys: ThrottleKeys): Promise<void> {
    await Promise.all([this.failures.clear(loginAndAddressKey(keys)), this.failures.clear(loginKey(keys))]);
  }
}

function loginPart(keys: ThrottleKeys): string {
  return hashToken(keys.login.trim().toLowerCase());
}

function loginAndAddressKey(keys: ThrottleKeys): string {
  return `login-address:${loginPart(keys)}:${rateLimitKeyOf(keys.address)}`;
}

function loginKey(keys: ThrottleKeys): string {
  return `login:${loginPart(keys)}`;
}

function slowDownKey(keys: ThrottleKeys): string {
  return `sign-in-slow-down:login:${loginPart(keys)}`;
}

function addressKey(keys: ThrottleKeys): string {
  return `address:${rateLimitKeyOf(keys.address)}`;
}
