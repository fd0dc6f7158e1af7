import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import type { FlowStore } from '@gatehouse/flow-state';
import { CLOCK, SHARED_FLOW_STORE } from '@gatehouse/platform';
import { IDENTITY_OPTIONS, IdentityOptions } from '../identity-options';
import type { TokenPrincipal } from './principal';
import { decodePrincipal, encodePrincipal, STALE_PRINCIPAL } from './principal-snapshot';

/** Default of IdentityOptions.principalCacheTtlMs. */
const DEFAULT_PRINCIPAL_CACHE_TTL_MS = 60_000;

const KEY_PREFIX = 'principal:';

/**
 * Principals of bearer tokens in the flow state every service shares, under the token's SHA-256
 * (docs/architecture.md "Principal cache"): a check is one GET. An entry lives at most the token's
 * remaining lifetime, capped by `principalCacheTtlMs`; revoking a token replaces its entry with a
 * stale marker that lives as long as the cap. Entries are only ever written when absent, so a
 * principal read from the database before the revocation committed can never overwrite the marker.
 * Without flow state (a process that has none) every check reads the database.
 */
@Injectable()
export class PrincipalCache {
  private readonly maxTtlMs: number;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_OPTIONS) options: Pick<IdentityOptions, 'principalCacheTtlMs'>,
    @Optional() @Inject(SHARED_FLOW_STORE) private readonly store?: FlowStore,
  ) {
    this.maxTtlMs = options.principalCacheTtlMs ?? DEFAULT_PRINCIPAL_CACHE_TTL_MS;
  }

  /** The cached principal, or null on a miss, a stale marker, or flow state that does not answer. */
  async get(tokenHash: string): Promise<TokenPrincipal | null> {
    if (!this.enabled()) return null;
    let raw: string | null;
    try {
      raw = await this.store!.get(KEY_PREFIX + tokenHash);
    } catch {
      return null;
    }
    return raw === null ? null : decodePrincipal(raw);
  }

  /** Keeps a principal just read from the database, unless its key is taken (a stale marker). */
  async fill(tokenHash: string, principal: TokenPrincipal): Promise<void> {
    if (!this.enabled()) return;
    const remaining = principal.expiresAt
      ? principal.expiresAt.getTime() - this.clock.now()
      : this.maxTtlMs;
    const ttlMs = Math.min(remaining, this.maxTtlMs);
    if (ttlMs < 1) return;
    try {
      await this.store!.putIfAbsent(
        KEY_PREFIX + tokenHash,
        encodePrincipal(principal),
        Math.floor(ttlMs),
      );
    } catch {
      // A principal not kept is read from the database next time.
    }
  }

  /**
   * Marks these tokens' principals stale everywhere. Call it before the revocation commits: a
   * check that reads the database afterwards cannot write its principal back over the marker.
   * Throws when flow state does not answer, so the revocation is not committed while a cached
   * principal could outlive it.
   */
  async invalidate(tokenHashes: readonly string[]): Promise<void> {
    if (!this.enabled()) return;
    for (const tokenHash of new Set(tokenHashes))
      await this.store!.put(KEY_PREFIX + tokenHash, STALE_PRINCIPAL, this.maxTtlMs);
  }

  private enabled(): boolean {
    return this.store !== undefined && this.maxTtlMs > 0;
  }
}
