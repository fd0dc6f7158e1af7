import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { cacheTtlFromHeaders, ClientMetadata, Clock, RateLimited, validateClientIdUrl, validateMetadataDocument } from '@gatehouse/domain';
import { FlowStore, JsonFlowStore, RateLimiter } from '@gatehouse/flow-state';
import { CLOCK, FLOW_STORE } from '@gatehouse/platform';
import { z } from 'zod';
import { MetadataDocumentFetcher } from './metadata-document-fetcher';

const clientMetadataSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  redirectUris: z.array(z.string()),
  tokenEndpointAuthMethod: z.literal('none'),
  logoUri: z.string().nullable(),
  clientUri: z.string().nullable(),
  hostname: z.string(),
});

/**
 * The app behind a metadata-document client ID (docs/oauth.md "Apps"): the URL is checked, the document
 * is taken from the flow-state cache or fetched, validated, and cached for as long as its
 * Cache-Control allows within 30 s to 24 h. Failures and invalid documents are never cached.
 * Concurrent requests for one URL in this process share one fetch. Fetches are limited per host
 * and in all, so nobody can make this server fetch from a site at full speed. Throws InvalidClient,
 * or RateLimited.
 */
@Injectable()
export class ClientMetadataResolver {
  private readonly cache: JsonFlowStore<ClientMetadata>;
  private readonly inFlight = new Map<string, Promise<ClientMetadata>>();
  private readonly fetches: RateLimiter;

  constructor(
    @Inject(FLOW_STORE) store: FlowStore,
    private readonly fetcher: MetadataDocumentFetcher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.cache = new JsonFlowStore(store, 'client-metadata:', clientMetadataSchema);
    this.fetches = new RateLimiter(store, 'client-metadata-fetches:');
  }

  async resolve(clientId: string): Promise<ClientMetadata> {
    const url = validateClientIdUrl(clientId);
    const cached = await this.cache.get(hashToken(url));
    if (cached) return cached;
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.fetchAndCache(url).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    return pending;
  }

  private async fetchAndCache(url: string): Promise<ClientMetadata> {
    await this.admitFetch(new URL(url).hostname);
    const fetched = await this.fetcher.fetch(url);
    const metadata = validateMetadataDocument(url, fetched.json);
    const ttlSeconds = cacheTtlFromHeaders(fetched.cacheHeaders, this.clock.now());
    await this.cache.put(hashToken(url), metadata, ttlSeconds * 1000);
    return metadata;
  }

  private async admitFetch(host: string): Promise<void> {
    for (const [key, limit] of [[`host:${host}`, FETCHES_PER_HOST], ['all', FETCHES_IN_ALL]] as const) {
      const decision = await this.fetches.hit(key, limit, FETCH_WINDOW_MS);
      if (!decision.allowed) {
        throw new RateLimited('Too many client metadata documents are being fetched; try again later', decision.resetMs / 1000, `${key} over ${limit}`);
      }
    }
  }
}

/** Document fetches (cache misses) allowed per host, and in all, per window. */
export const FETCHES_PER_HOST = 20;
const FETCHES_IN_ALL = 300;
const FETCH_WINDOW_MS = 60_000;
