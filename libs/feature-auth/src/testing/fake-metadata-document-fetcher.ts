import type { CacheHeaders } from '@gatehouse/domain';
import { InvalidClient } from '@gatehouse/domain';
import {
  FetchedMetadataDocument,
  MetadataDocumentFetcher,
} from '../cimd/ports/metadata-document-fetcher';

/** Test double of MetadataDocumentFetcher: documents by URL, counting fetches; hosts refused by name. */
export class FakeMetadataDocumentFetcher extends MetadataDocumentFetcher {
  readonly documents = new Map<
    string,
    { json: unknown; cacheHeaders?: CacheHeaders } | InvalidClient
  >();
  readonly fetched: string[] = [];
  /** Hosts whose addresses the outbound rule refuses. */
  readonly refusedHosts = new Set<string>(['10.9.8.7', 'internal.example']);
  /** When set, fetches wait for it (to observe coalescing). */
  gate: Promise<void> | null = null;

  async checkDestination(url: string): Promise<void> {
    if (this.refusedHosts.has(new URL(url).hostname))
      throw new InvalidClient("The client metadata document's host is not allowed");
  }

  async fetch(url: string): Promise<FetchedMetadataDocument> {
    this.fetched.push(url);
    if (this.gate) await this.gate;
    const entry = this.documents.get(url);
    if (!entry) throw new InvalidClient('The client metadata document answered HTTP 404');
    if (entry instanceof InvalidClient) throw entry;
    return { json: entry.json, cacheHeaders: entry.cacheHeaders ?? {} };
  }
}
