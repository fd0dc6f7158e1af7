import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  cacheTtlFromHeaders,
  ClientMetadata,
  Clock,
  InvalidClient,
  RateLimited,
  validateClientIdUrl,
  validateMetadataDocument,
} from '@gatehouse/domain';
import { FlowStore, JsonFlowStore, RateLimiter } from '@gatehouse/flow-state';
import { CLOCK, FLOW_STORE } from '@gatehouse/platform';
import { z } from 'zod';
import { MetadataDocumentFetcher } from './ports/metadata-document-fetcher';

const clientMetadataSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  redirectUris: z.array(z.string()),
  tokenEndpointAuthMethod: z.literal('none'),
  logoUri: z.string().nullable(),
  clientUri: z.string().nullable(),
  hostname: z.string(),
});

/** A cached document, and until when (epoch ms) it is fresh; past that it is only served stale. */
const cachedDocumentSchema = z.object({ metadata: clientMetadataSchema, freshUntil: z.number() });
type CachedDocument = z.infer<typeof cachedDocumentSchema>;

/** Why a URL's last retrieval failed, kept briefly so a storm of requests for it costs no fetch. */
const failedRetrievalSchema = z.object({ description: z.string() });

/**
 * The app behind a metadata-document client ID (docs/oauth.md "Apps"): the URL is checked, the
 * document is taken from the flow-state cache or fetched, validated, and cached for as long as its
 * Cache-Control allows within 30 s to 24 h. Concurrent requests for one URL in this process share
 * one fetch.
 *
 * Fetches are budgeted so that nobody can make this server fetch from a site at full speed, nor
 * spend the budget other people's sign-ins need (docs/security.md "Client metadata fetches spent
 * by anyone"):
 * - only fetches that would leave count: the URL and the host's addresses are checked first, so a
 *   client ID naming a private or unresolvable host is refused without spending anything;
 * - the budget is per requester (the caller's address key) and per host, never one pool for all;
 * - a failed retrieval is remembered for a few seconds per URL, and answered again without a fetch;
 * - a document past its freshness is kept for a day more, and served when a new fetch is over
 *   budget, so a known app's sign-in never meets a 429 because someone else spent the budget.
 * Throws InvalidClient, or RateLimited for an app whose document was never fetched.
 */
@Injectable()
export class ClientMetadataResolver {
  private readonly cache: JsonFlowStore<CachedDocument>;
  private readonly failures: JsonFlowStore<z.infer<typeof failedRetrievalSchema>>;
  private readonly inFlight = new Map<string, Promise<ClientMetadata>>();
  private readonly fetches: RateLimiter;

  constructor(
    @Inject(FLOW_STORE) store: FlowStore,
    private readonly fetcher: MetadataDocumentFetcher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.cache = new JsonFlowStore(store, 'client-metadata:v2:', cachedDocumentSchema);
    this.failures = new JsonFlowStore(store, 'client-metadata-failed:', failedRetrievalSchema);
    this.fetches = new RateLimiter(store, 'client-metadata-fetches:');
  }

  /** `requester`: the rate-limit key of the caller's address, whose budget a fetch spends. */
  async resolve(clientId: string, requester: string): Promise<ClientMetadata> {
    const url = validateClientIdUrl(clientId);
    const cached = await this.cache.get(hashToken(url));
    if (cached && cached.freshUntil > this.clock.now()) return cached.metadata;
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.retrieve(url, requester, cached).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    return pending;
  }

  private async retrieve(
    url: string,
    requester: string,
    stale: CachedDocument | null,
  ): Promise<ClientMetadata> {
    const key = hashToken(url);
    const failed = await this.failures.get(key);
    if (failed) throw new InvalidClient(failed.description, 'remembered failure');
    try {
      await this.fetcher.checkDestination(url);
      const refusal = await this.admitFetch(new URL(url).hostname, requester);
      if (refusal) {
        if (stale) return stale.metadata;
        throw refusal;
      }
      const fetched = await this.fetcher.fetch(url);
      const metadata = validateMetadataDocument(url, fetched.json);
      const ttlMs = cacheTtlFromHeaders(fetched.cacheHeaders, this.clock.now()) * 1000;
      await this.cache.put(
        key,
        { metadata, freshUntil: this.clock.now() + ttlMs },
        ttlMs + STALE_FOR_MS,
      );
      return metadata;
    } catch (error) {
      if (error instanceof InvalidClient)
        await this.failures.put(key, { description: error.description }, FAILURE_MEMORY_MS);
      throw error;
    }
  }

  private async admitFetch(host: string, requester: string): Promise<RateLimited | null> {
    const budgets = [
      [`requester:${requester}`, FETCHES_PER_REQUESTER],
      [`host:${host}`, FETCHES_PER_HOST],
    ] as const;
    for (const [key, limit] of budgets) {
      const decision = await this.fetches.hit(key, limit, FETCH_WINDOW_MS);
      if (!decision.allowed) {
        return new RateLimited(
          'Too many client metadata documents are being fetched; try again later',
          decision.resetMs / 1000,
          `${key} over ${limit}`,
        );
      }
    }
    return null;
  }
}

/** Document fetches (cache misses that would leave) allowed per requester and per host, per window. */
export const FETCHES_PER_REQUESTER = 10;
export const FETCHES_PER_HOST = 20;
const FETCH_WINDOW_MS = 60_000;
/** How long a failed retrieval of one URL is answered from memory. */
export const FAILURE_MEMORY_MS = 15_000;
/** How long past its freshness a document is kept to be served when a fetch is over budget. */
const STALE_FOR_MS = 24 * 3600_000;
