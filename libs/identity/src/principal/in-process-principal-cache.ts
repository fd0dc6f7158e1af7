import type { Clock } from '@gatehouse/domain';
import type { TokenPrincipal } from './principal';

interface Entry {
  principal: TokenPrincipal;
  /** Epoch ms after which the entry is not used. */
  until: number;
}

export interface InProcessPrincipalCacheLimits {
  /** Most principals held; the least recently used goes first. 0 turns the cache off. */
  maxEntries: number;
  /** Longest an entry is used, capped by its token's own expiry. 0 turns the cache off. */
  ttlMs: number;
}

/**
 * A bounded LRU of principals in the process, in front of the shared PrincipalCache, so a repeated
 * bearer check makes no round trip. Every drop bumps a generation: a lookup takes the generation
 * before it asks the shared cache or the database and keeps its answer only if no drop came in
 * the meantime, so an invalidation that arrives while a fill is in flight cannot leave a stale
 * entry behind. Plain data, no I/O: PrincipalCache decides when it may be used.
 */
export class InProcessPrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private generationCounter = 0;

  constructor(
    private readonly clock: Clock,
    private readonly limits: InProcessPrincipalCacheLimits,
  ) {}

  get enabled(): boolean {
    return this.limits.maxEntries > 0 && this.limits.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** To be passed to `put` by a lookup that starts now. */
  generation(): number {
    return this.generationCounter;
  }

  get(tokenHash: string): TokenPrincipal | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    this.entries.delete(tokenHash);
    if (entry.until <= this.clock.now()) return null;
    this.entries.set(tokenHash, entry);
    return entry.principal;
  }

  /** Keeps a principal read by a lookup begun at `generation`, unless something was dropped since. */
  put(tokenHash: string, principal: TokenPrincipal, generation: number): void {
    if (!this.enabled || generation !== this.generationCounter) return;
    const now = this.clock.now();
    const until = Math.min(
      now + this.limits.ttlMs,
      principal.expiresAt ? principal.expiresAt.getTime() : Number.POSITIVE_INFINITY,
    );
    if (until <= now) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { principal, until });
    while (this.entries.size > this.limits.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  drop(tokenHashes: Iterable<string>): void {
    this.generationCounter += 1;
    for (const tokenHash of tokenHashes) this.entries.delete(tokenHash);
  }

  clear(): void {
    this.generationCounter += 1;
    this.entries.clear();
  }
}
