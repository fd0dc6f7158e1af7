import { Inject, Injectable } from '@nestjs/common';
import { FlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import { SESSION_OPTIONS, SessionOptions } from './session-options';

export interface ThrottleKeys {
  /** The account tried (`user:<id>`), or the login typed when no account has it. */
  account: string;
  /** The client address. */
  address: string;
}

/**
 * Counts FAILED sign-ins per account and per address in fixed windows (flow-state counters).
 * Failures, not attempts: a shared office address signing in all day must not lock itself out,
 * while guessing still runs into the limit. A success clears the account's count, never the
 * address's (an attacker with one valid password must not reset their guessing budget).
 */
@Injectable()
export class SignInThrottle {
  constructor(
    @Inject(FLOW_STORE) private readonly store: FlowStore,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
  ) {}

  /** Seconds to wait before trying again, or null when a sign-in may be attempted now. */
  async retryAfterSeconds(keys: ThrottleKeys): Promise<number | null> {
    const { perAccount, perAddress } = this.options.limits;
    const waits = await Promise.all([this.waitFor(accountKey(keys), perAccount), this.waitFor(addressKey(keys), perAddress)]);
    const blocked = waits.filter((wait): wait is number => wait !== null);
    return blocked.length === 0 ? null : Math.max(...blocked);
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    const windowMs = this.options.limits.windowSeconds * 1000;
    await this.store.increment(accountKey(keys), windowMs);
    await this.store.increment(addressKey(keys), windowMs);
  }

  async recordSuccess(keys: ThrottleKeys): Promise<void> {
    await this.store.delete(accountKey(keys));
  }

  private async waitFor(key: string, limit: number): Promise<number | null> {
    const count = Number((await this.store.get(key)) ?? 0);
    if (count < limit) return null;
    const remainingMs = (await this.store.ttl(key)) ?? this.options.limits.windowSeconds * 1000;
    return Math.max(1, Math.ceil(remainingMs / 1000));
  }
}

function accountKey(keys: ThrottleKeys): string {
  return `sign-in-failures:account:${keys.account}`;
}

function addressKey(keys: ThrottleKeys): string {
  return `sign-in-failures:address:${keys.address}`;
}
