import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { CLIENT_METADATA_FETCH_TIMEOUT_MS, CLIENT_METADATA_MAX_BYTES, InvalidClient } from '@gatehouse/domain';
import { Agent, request } from 'undici';
import { addressGuardedAgent } from './address-guarded-agent';
import { CIMD_OPTIONS, CimdOptions } from './cimd-options';
import { FetchedMetadataDocument, MetadataDocumentFetcher } from './metadata-document-fetcher';
import { RefusedAddressError } from './refused-address.error';

/**
 * Retrieval rules of the CIMD draft (checklist "CIMD"): GET with no redirect followed (any
 * status but 200 fails), at most 5 KB read (checked against Content-Length and again while
 * streaming), 2.5 s for the whole exchange, public addresses only (address-guarded agent).
 */
@Injectable()
export class UndiciMetadataDocumentFetcher extends MetadataDocumentFetcher implements OnModuleDestroy {
  private readonly agent: Agent;

  constructor(@Inject(CIMD_OPTIONS) options: CimdOptions) {
    super();
    this.agent = addressGuardedAgent({ allowLoopback: options.allowLoopbackTargets, connectTimeoutMs: CLIENT_METADATA_FETCH_TIMEOUT_MS });
  }

  async fetch(url: string): Promise<FetchedMetadataDocument> {
    const signal = AbortSignal.timeout(CLIENT_METADATA_FETCH_TIMEOUT_MS);
    try {
      const response = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal,
        headers: { accept: 'application/json', 'user-agent': 'Gatehouse' },
      });
      // Abandoning the body on purpose (too large) must not surface as an unhandled stream error.
      response.body.on('error', () => undefined);
      const header = (name: string): string | null => {
        const value = response.headers[name];
        return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
      };
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        if (response.statusCode >= 300 && response.statusCode < 400) throw refuse('answered with a redirect, and redirects are not followed');
        throw refuse(`answered HTTP ${response.statusCode}`);
      }
      const declared = Number(header('content-length'));
      if (Number.isFinite(declared) && declared > CLIENT_METADATA_MAX_BYTES) {
        response.body.destroy();
        throw refuse(`is larger than ${CLIENT_METADATA_MAX_BYTES} bytes`);
      }
      const text = await readLimited(response.body, CLIENT_METADATA_MAX_BYTES);
      return {
        json: parseJson(text),
        cacheHeaders: { cacheControl: header('cache-control'), expires: header('expires'), date: header('date') },
      };
    } catch (error) {
      throw asInvalidClient(error, signal);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.agent.close();
  }
}

async function readLimited(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw refuse(`is larger than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse('is not valid JSON');
  }
}

function refuse(reason: string): InvalidClient {
  return new InvalidClient(`The client metadata document ${reason}`);
}

function asInvalidClient(error: unknown, signal: AbortSignal): InvalidClient {
  if (error instanceof InvalidClient) return error;
  if (signal.aborted) return refuse(`did not arrive within ${CLIENT_METADATA_FETCH_TIMEOUT_MS} ms`);
  const refusal = findRefusal(error);
  // One answer for every refused range, so client IDs cannot map internal DNS; the range is for the log.
  if (refusal) return new InvalidClient("The client metadata document's host is not allowed", refusal.message);
  return new InvalidClient('The client metadata document could not be retrieved', error instanceof Error ? error.message : String(error));
}

/** undici wraps connector errors; the refusal may sit a few `cause`s deep. */
function findRefusal(error: unknown): RefusedAddressError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof RefusedAddressError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
