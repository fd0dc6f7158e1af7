import type { CacheHeaders } from '@gatehouse/domain';

/** A document as retrieved: its parsed JSON and the headers that say how long to keep it. */
export interface FetchedMetadataDocument {
  json: unknown;
  cacheHeaders: CacheHeaders;
}

/**
 * Port: retrieves a client-ID metadata document. Throws InvalidClient whose description says
 * what went wrong (status, redirect, size, timeout, refused address, not JSON).
 */
export abstract class MetadataDocumentFetcher {
  /**
   * Checks, without connecting, that a fetch of `url` would leave: its host resolves and has an
   * address the outbound rule allows. Throws InvalidClient, as `fetch` would for that host. The
   * connection's own guard still judges the address it dials.
   */
  abstract checkDestination(url: string): Promise<void>;

  abstract fetch(url: string): Promise<FetchedMetadataDocument>;
}
