import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { rateLimitKeyOf } from '@gatehouse/domain';
import { type FlowStore, RateLimiter } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';

/** What is counted: each form that sends mail, checks a link or checks a password. */
export type AccountRequestKind = 'sign-up' | 'confirm' | 'reset' | 'change';

/** Per window: requests from one address (an IPv6 /64 as one), and about one target (an address, a user). */
export interface AccountRequestLimits {
  windowSeconds: number;
  perAddress: number;
  perTarget: number;
}

export const DEFAULT_ACCOUNT_REQUEST_LIMITS: AccountRequestLimits = {
  windowSeconds: 3600,
  perAddress: 20,
  perTarget: 5,
};

export const ACCOUNT_REQUEST_LIMITS = Symbol('gatehouse.auth.accountRequestLimits');

/**
 * Limits the account forms as the sign-in throttle limits passwords: keyed on the client address
 * (rateLimitKeyOf) and on a hash of what the form names (the e-mail address typed, the account),
 * whether or not an account has it, so the limit says nothing about which exist. Each request
 * counts before any work is done, so a flood costs neither hashing nor mail. The target's count
 * keeps anyone from filling a stranger's inbox from many addresses.
 */
@Injectable()
export class AccountRequestThrottle {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(FLOW_STORE) store: FlowStore,
    @Inject(ACCOUNT_REQUEST_LIMITS) private readonly limits: AccountRequestLimits,
  ) {
    this.limiter = new RateLimiter(store, 'account-requests:');
  }

  /** Null when the request may go on, else the seconds to wait. */
  async admit(kind: AccountRequestKind, address: string, target: string): Promise<number | null> {
    const windowMs = this.limits.windowSeconds * 1000;
    const [byAddress, byTarget] = await Promise.all([
      this.limiter.hit(
        `${kind}:address:${rateLimitKeyOf(address)}`,
        this.limits.perAddress,
        windowMs,
      ),
      this.limiter.hit(
        `${kind}:target:${hashToken(target.trim().toLowerCase())}`,
        this.limits.perTarget,
        windowMs,
      ),
    ]);
    const refused = [byAddress, byTarget].filter((decision) => !decision.allowed);
    if (refused.length === 0) return null;
    return Math.max(1, Math.ceil(Math.max(...refused.map((d) => d.resetMs)) / 1000));
  }
}

/** The sentence shown with a 429. */
export function tooManyRequestsMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
