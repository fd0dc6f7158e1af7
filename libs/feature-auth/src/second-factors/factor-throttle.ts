import { Inject, Injectable } from '@nestjs/common';
import { rateLimitKeyOf } from '@gatehouse/domain';
import { FailureCounter, FlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import { SESSION_OPTIONS, type SessionOptions } from '../session/session-options';

/** Wrong codes (or passwords asked again) for one account from one address in a window. */
const PER_ACCOUNT_AND_ADDRESS = 5;
/** Wrong codes for one account from anywhere in a window. */
const PER_ACCOUNT = 20;

/**
 * Limits guesses at an account's second factor as SignInThrottle limits passwords, in the same
 * window: a six-digit code has a million values, so a few wrong ones per address and a few
 * dozen per account in a quarter of an hour leave a guesser no useful chance. Only failures
 * count. The account's own count can hold its owner back only for someone who already has the
 * password (docs/security.md "Second factors bypassed, replayed or guessed").
 */
@Injectable()
export class FactorThrottle {
  private readonly failures: FailureCounter;

  constructor(
    @Inject(FLOW_STORE) store: FlowStore,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
  ) {
    this.failures = new FailureCounter(store, 'factor-failures:');
  }

  /** Seconds to wait before the next try, or null when it may be checked now. */
  async waitSeconds(userId: string, address: string): Promise<number | null> {
    const [pair, account] = await Promise.all([
      this.failures.blockedForMs(
        this.pairKey(userId, address),
        PER_ACCOUNT_AND_ADDRESS,
        this.windowMs,
      ),
      this.failures.blockedForMs(`user:${userId}`, PER_ACCOUNT, this.windowMs),
    ]);
    const blocked = Math.max(pair ?? 0, account ?? 0);
    return blocked > 0 ? Math.max(1, Math.ceil(blocked / 1000)) : null;
  }

  async failed(userId: string, address: string): Promise<void> {
    await Promise.all([
      this.failures.record(this.pairKey(userId, address), this.windowMs),
      this.failures.record(`user:${userId}`, this.windowMs),
    ]);
  }

  async succeeded(userId: string, address: string): Promise<void> {
    await this.failures.clear(this.pairKey(userId, address));
  }

  private pairKey(userId: string, address: string): string {
    return `user-address:${userId}:${rateLimitKeyOf(address)}`;
  }

  private get windowMs(): number {
    return this.options.limits.windowSeconds * 1000;
  }
}
