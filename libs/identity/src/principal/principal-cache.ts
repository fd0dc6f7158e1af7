import { Inject, Injectable, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import type { FlowStore } from '@gatehouse/flow-state';
import { CLOCK, SHARED_FLOW_STORE } from '@gatehouse/platform';
import { IDENTITY_OPTIONS, IdentityOptions } from '../identity-options';
import { InProcessPrincipalCache } from './in-process-principal-cache';
import type { TokenPrincipal } from './principal';
import { decodePrincipal, encodePrincipal, STALE_PRINCIPAL } from './principal-snapshot';

/** Default of IdentityOptions.principalCacheTtlMs. */
const DEFAULT_PRINCIPAL_CACHE_TTL_MS = 60_000;
/** Default of IdentityOptions.inProcessPrincipalCache.maxEntries. */
const DEFAULT_IN_PROCESS_PRINCIPALS = 10_000;
/** Default of IdentityOptions.inProcessPrincipalCache.ttlMs: the revocation bound, should every drop be lost. */
const DEFAULT_IN_PROCESS_PRINCIPAL_TTL_MS = 1_000;

const KEY_PREFIX = 'principal:';
/** The flow-state channel that carries the hashes of invalidated principals to every process. */
/** The shared flow store's channel on which invalidated token hashes are published, comma-separated. */
export const INVALIDATIONS_CHANNEL = 'principal-invalidations';

/**
 * Principals of bearer tokens in the flow state every service shares, under the token's SHA-256
 * (docs/architecture.md "Principal cache"): a check is one GET. An entry lives at most the token's
 * remaining lifetime, capped by `principalCacheTtlMs`; revoking a token replaces its entry with a
 * stale marker that lives as long as the cap. Entries are only ever written when absent, so a
 * principal read from the database before the revocation committed can never overwrite the marker.
 * Without flow state (a process that has none) every check reads the database.
 *
 * In front of it, each process keeps the principals it used last (InProcessPrincipalCache), so a
 * repeated check makes no round trip. Every invalidation is published on the flow state's
 * `principal-invalidations` channel after its markers are written, and every process drops those
 * entries when it hears it. The process's entries are used only while it listens: from a lost
 * connection until it listens again it asks the shared cache, and it starts that again empty.
 * A principal is kept in the process only when it was read from the shared cache or written there
 * (never over a marker), and only when no drop came in while it was being read.
 */
@Injectable()
export class PrincipalCache implements OnModuleInit, OnModuleDestroy {
  private readonly maxTtlMs: number;
  private readonly local: InProcessPrincipalCache;
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDENTITY_OPTIONS)
    options: Pick<IdentityOptions, 'principalCacheTtlMs' | 'inProcessPrincipalCache'>,
    @Optional() @Inject(SHARED_FLOW_STORE) private readonly store?: FlowStore,
  ) {
    this.maxTtlMs = options.principalCacheTtlMs ?? DEFAULT_PRINCIPAL_CACHE_TTL_MS;
    this.local = new InProcessPrincipalCache(clock, {
      maxEntries: options.inProcessPrincipalCache?.maxEntries ?? DEFAULT_IN_PROCESS_PRINCIPALS,
      maxBytes: options.inProcessPrincipalCache?.maxBytes,
      ttlMs: options.inProcessPrincipalCache?.ttlMs ?? DEFAULT_IN_PROCESS_PRINCIPAL_TTL_MS,
    });
  }

  /** Starts listening for invalidations; until then (and without it) nothing is kept in the process. */
  async onModuleInit(): Promise<void> {
    if (!this.enabled() || !this.local.enabled || this.stopListening) return;
    this.stopListening = await this.store!.channel(INVALIDATIONS_CHANNEL).subscribe({
      message: (message) => this.local.drop(message.split(',')),
      connected: (live) => {
        this.local.clear();
        this.listening = live;
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    this.listening = false;
    this.local.clear();
    await stop?.();
  }

  /** The cached principal, or null on a miss, a stale marker, or flow state that does not answer. */
  async get(tokenHash: string): Promise<TokenPrincipal | null> {
    if (!this.enabled()) return null;
    if (this.listening) {
      const kept = this.local.get(tokenHash);
      if (kept) return kept;
    }
    const generation = this.local.generation();
    let raw: string | null;
    try {
      raw = await this.store!.get(KEY_PREFIX + tokenHash);
    } catch {
      return null;
    }
    const principal = raw === null ? null : decodePrincipal(raw);
    if (principal && this.listening) this.local.put(tokenHash, principal, generation);
    return principal;
  }

  /** Keeps a principal just read from the database, unless its key is taken (a stale marker). */
  async fill(tokenHash: string, principal: TokenPrincipal): Promise<void> {
    if (!this.enabled()) return;
    const remaining = principal.expiresAt
      ? principal.expiresAt.getTime() - this.clock.now()
      : this.maxTtlMs;
    const ttlMs = Math.min(remaining, this.maxTtlMs);
    if (ttlMs < 1) return;
    const generation = this.local.generation();
    try {
      const written = await this.store!.putIfAbsent(
        KEY_PREFIX + tokenHash,
        encodePrincipal(principal),
        Math.floor(ttlMs),
      );
      if (written && this.listening) this.local.put(tokenHash, principal, generation);
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
    const unique = [...new Set(tokenHashes)];
    if (unique.length === 0) return;
    this.local.drop(unique);
    for (const tokenHash of unique)
      await this.store!.put(KEY_PREFIX + tokenHash, STALE_PRINCIPAL, this.maxTtlMs);
    await this.store!.channel(INVALIDATIONS_CHANNEL).publish(unique.join(','));
  }

  private enabled(): boolean {
    return this.store !== undefined && this.maxTtlMs > 0;
  }
}
