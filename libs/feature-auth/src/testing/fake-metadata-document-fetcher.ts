import type { CacheHeaders } from '@gatehouse/domain';
import { InvalidClient } from '@gatehouse/domain';
import { FetchedMetadataDocument, MetadataDocumentFetcher } from '../cimd/metadata-document-fetcher';

/** Test double of MetadataDocumentFetcher: documents by URL, counting fetches. */
export class FakeMetadataDocumentFetcher extends MetadataDocumentFetcher {
  readonly documents = new Map<string, { json: unknown; cacheHeaders?: CacheHeaders } | InvalidClient>();
  readonly fetched: string[] = [];
  /** When set, fetches wait for it (to observe coalescing). */
  gate: Promise<void> | null = null;

  async fetch(url: string): Promise<FetchedMetadataDocument> {
    this.fetched.push(url);
    if (this.gate) await this.gate;
    const entry = this.documents.get(url);
    if (!entry) throw new InvalidClient('The client metadata document answered HTTP 404');
    if (entry instanceof InvalidClient) throw entry;
    return { json: entry.json, cacheHeaders: entry.cacheHeaders ?? {} };
  }
}
