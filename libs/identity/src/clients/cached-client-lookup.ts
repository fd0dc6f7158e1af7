import type { Clock } from '@gatehouse/domain';
import type { OAuthAppRecord } from './ports/oauth-app-record';
import { ClientLookup } from './ports/client-lookup';

/** How long a process answers from an app it read, unless told sooner that the app changed. */
const DEFAULT_CLIENT_CACHE_TTL_MS = 1000;
/** Apps remembered at once; the least recently read goes first. */
const CLIENT_CACHE_MAX_ENTRIES = 1000;

interface Entry {
  app: Promise<OAuthAppRecord | null>;
  expiresAtMs: number;
}

/**
 * ClientLookup answered from the apps this process read in the last `ttlMs` (docs/architecture.md
 * "Client cache"): every token request authenticates its client, and the app rarely changes. An
 * app changed through this process is forgotten at once (`forget`, called by the app settings'
 * store), so its secret rotation or deletion holds for the next request; one changed elsewhere
 * (another replica, a seed) is read again within `ttlMs`. Absent apps are remembered too (a
 * client-ID metadata document has no row). Reads of one app in flight are shared, and a failed
 * read is not kept.
 */
export class CachedClientLookup extends ClientLookup {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly inner: ClientLookup,
    private readonly clock: Clock,
    private readonly ttlMs: number = DEFAULT_CLIENT_CACHE_TTL_MS,
    private readonly maxEntries: number = CLIENT_CACHE_MAX_ENTRIES,
  ) {
    super();
  }

  findByClientId(clientId: string): Promise<OAuthAppRecord | null> {
    if (this.ttlMs <= 0) return this.inner.findByClientId(clientId);
    const nowMs = this.clock.now();
    const kept = this.entries.get(clientId);
    this.entries.delete(clientId);
    if (kept && kept.expiresAtMs > nowMs) {
      this.entries.set(clientId, kept);
      return kept.app;
    }
    const entry: Entry = {
      app: this.inner.findByClientId(clientId),
      expiresAtMs: nowMs + this.ttlMs,
    };
    this.entries.set(clientId, entry);
    entry.app.catch(() => {
      if (this.entries.get(clientId) === entry) this.entries.delete(clientId);
    });
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value!);
    return entry.app;
  }

  override forget(clientId: string): void {
    this.entries.delete(clientId);
    this.inner.forget(clientId);
  }
}
