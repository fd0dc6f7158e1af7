import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { cacheTtlFromHeaders, ClientMetadata, Clock, validateClientIdUrl, validateMetadataDocument } from '@gatehouse/domain';
import { FlowStore, JsonFlowStore } from '@gatehouse/flow-state';
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
 * The app behind a metadata-document client ID (spec 2.2, 4.7): the URL is checked, the document
 * is taken from the flow-state cache or fetched, validated, and cached for as long as its
 * Cache-Control allows within 30 s to 24 h. Failures and invalid documents are never cached.
 * Concurrent requests for one URL in this process share one fetch. Throws InvalidClient.
 */
@Injectable()
export class ClientMetadataResolver {
  private readonly cache: JsonFlowStore<ClientMetadata>;
  private readonly inFlight = new Map<string, Promise<ClientMetadata>>();

  constructor(
    @Inject(FLOW_STORE) store: FlowStore,
    private readonly fetcher: MetadataDocumentFetcher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.cache = new JsonFlowStore(store, 'client-metadata:', clientMetadataSchema);
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
    const fetched = await this.fetcher.fetch(url);
    const metadata = validateMetadataDocument(url, fetched.json);
    const ttlSeconds = cacheTtlFromHeaders(fetched.cacheHeaders, this.clock.now());
    await this.cache.put(hashToken(url), metadata, ttlSeconds * 1000);
    return metadata;
  }
}
