import type { FlowStore } from './flow.store';

export interface RateLimitDecision {
  allowed: boolean;
  /** Hits left in the current window. */
  remaining: number;
  /** Milliseconds until the window resets (for `Retry-After`). */
  resetMs: number;
}

/**
 * Fixed-window limiter over FlowStore.increment, for sign-in attempts, device-code polls and
 * user-code guesses. A hit over the limit still counts, so hammering does not shorten the wait.
 */
export class RateLimiter {
  constructor(
    private readonly store: FlowStore,
    private readonly namespace = 'rate:',
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitDecision> {
    if (!Number.isSafeInteger(limit) || limit < 0)
      throw new RangeError(`rate limit must be a whole number >= 0, got ${limit}`);
    const counter = this.namespace + key;
    const count = await this.store.increment(counter, windowMs);
    const resetMs = (await this.store.ttl(counter)) ?? windowMs;
    return {
      allowed: count <= limit,
      remaining: Math.max(0, limit - count),
      resetMs: Math.min(resetMs, windowMs),
    };
  }
}
