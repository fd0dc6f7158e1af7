import type { Clock } from '@gatehouse/domain';
import type { TokenPrincipal } from './principal';

interface Entry {
  principal: TokenPrincipal;
  /** Epoch ms after which the entry is not used. */
  until: number;
  /** What the entry is counted as against `maxBytes` (approximateBytes). */
  bytes: number;
}

export interface InProcessPrincipalCacheLimits {
  /** Most principals held; the least recently used goes first. 0 turns the cache off. */
  maxEntries: number;
  /**
   * Most bytes of principals held, as approximateBytes counts them; the least recently used goes
   * first. A principal carries its user's memberships, so its size varies with the user: this,
   * not `maxEntries`, is what bounds the process's memory. 0 turns the cache off. Default
   * DEFAULT_IN_PROCESS_PRINCIPAL_BYTES.
   */
  maxBytes?: number;
  /** Longest an entry is used, capped by its token's own expiry. 0 turns the cache off. */
  ttlMs: number;
}

/** 8 MiB: several thousand principals, more than one TTL of checks asks for at the bench's rates. */
const DEFAULT_IN_PROCESS_PRINCIPAL_BYTES = 8 * 2 ** 20;

/** V8's cost of a heap object's header and of one property or array slot, roughly (64-bit, compressed pointers off). */
const OBJECT_BYTES = 32;
const SLOT_BYTES = 8;
/** Nesting past which a value is counted as one slot: principals are a few levels deep. */
const MAX_DEPTH = 6;

/**
 * Roughly the heap bytes `value` holds of its own: strings by their length, objects and arrays by
 * their slots, nested values included. An estimate to bound a cache by, not a measurement.
 */
function approximateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return OBJECT_BYTES / 2 + value.length;
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return SLOT_BYTES;
  if (value instanceof Date) return OBJECT_BYTES;
  let bytes = OBJECT_BYTES;
  const values = Array.isArray(value) ? value : Object.values(value);
  for (const item of values) bytes += SLOT_BYTES + approximateBytes(item, depth + 1);
  return bytes;
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
  private heldBytes = 0;
  private generationCounter = 0;
  private readonly maxBytes: number;

  constructor(
    private readonly clock: Clock,
    private readonly limits: InProcessPrincipalCacheLimits,
  ) {
    this.maxBytes = limits.maxBytes ?? DEFAULT_IN_PROCESS_PRINCIPAL_BYTES;
  }

  get enabled(): boolean {
    return this.limits.maxEntries > 0 && this.maxBytes > 0 && this.limits.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The approximate bytes of the principals held. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** To be passed to `put` by a lookup that starts now. */
  generation(): number {
    return this.generationCounter;
  }

  get(tokenHash: string): TokenPrincipal | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    this.entries.delete(tokenHash);
    if (entry.until <= this.clock.now()) {
      this.heldBytes -= entry.bytes;
      return null;
    }
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
    const bytes = tokenHash.length + approximateBytes(principal);
    if (bytes > this.maxBytes) return;
    this.remove(tokenHash);
    this.entries.set(tokenHash, { principal, until, bytes });
    this.heldBytes += bytes;
    // Least recently used first; an expired entry there would never be used again, so it goes
    // first too: the cache holds about what one TTL of checks used, not maxEntries of the past.
    for (const [oldest, entry] of this.entries) {
      const over = this.entries.size > this.limits.maxEntries || this.heldBytes > this.maxBytes;
      if (!over && entry.until > now) break;
      this.remove(oldest);
    }
  }

  drop(tokenHashes: Iterable<string>): void {
    this.generationCounter += 1;
    for (const tokenHash of tokenHashes) this.remove(tokenHash);
  }

  clear(): void {
    this.generationCounter += 1;
    this.entries.clear();
    this.heldBytes = 0;
  }

  private remove(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    this.heldBytes -= entry.bytes;
  }
}
