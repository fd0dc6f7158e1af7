import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import { DEFAULT_JWKS_FETCH_LIMITS, JwksFetchLimits, TOKEN_EXCHANGE_OPTIONS, TokenExchangeServiceOptions } from '../token-exchange-options';
import { JsonWebKeySet, JwksFetcher } from './jwks-fetcher';

interface CachedKeySet {
  keys: JsonWebKeySet;
  fetchedAtMs: number;
}

/**
 * CI providers' key sets, per JWKS URL: fetched once, reused for `cacheTtlMs`, refetched early
 * when a token names a key the set lacks (the provider rotated) but at most once per
 * `refetchCooldownMs`, so tokens with made-up key ids cannot make us hammer the provider.
 * Concurrent requests for one URL share one fetch.
 */
@Injectable()
export class JwksCache {
  private readonly limits: JwksFetchLimits;
  private readonly cached = new Map<string, CachedKeySet>();
  private readonly inFlight = new Map<string, Promise<JsonWebKeySet>>();

  constructor(
    private readonly fetcher: JwksFetcher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TOKEN_EXCHANGE_OPTIONS) options: Pick<TokenExchangeServiceOptions, 'jwks'>,
  ) {
    this.limits = { ...DEFAULT_JWKS_FETCH_LIMITS, ...options.jwks };
  }

  /** The key set of `uri`; `keyMissing` asks for a fresher one than the cached set (rate-limited). */
  async get(uri: string, options: { keyMissing?: boolean } = {}): Promise<JsonWebKeySet> {
    const entry = this.cached.get(uri);
    const age = entry ? this.clock.now() - entry.fetchedAtMs : Infinity;
    const stale = age >= this.limits.cacheTtlMs || (options.keyMissing === true && age >= this.limits.refetchCooldownMs);
    if (entry && !stale) return entry.keys;
    return this.fetchOnce(uri);
  }

  private fetchOnce(uri: string): Promise<JsonWebKeySet> {
    const running = this.inFlight.get(uri);
    if (running) return running;
    const fetching = this.fetcher
      .fetch(uri)
      .then((keys) => {
        this.cached.set(uri, { keys, fetchedAtMs: this.clock.now() });
        return keys;
      })
      .finally(() => this.inFlight.delete(uri));
    this.inFlight.set(uri, fetching);
    return fetching;
  }
}
