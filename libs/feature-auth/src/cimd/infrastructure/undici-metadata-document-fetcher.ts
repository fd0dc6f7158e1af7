import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import {
  CLIENT_METADATA_FETCH_TIMEOUT_MS,
  CLIENT_METADATA_MAX_BYTES,
  InvalidClient,
} from '@gatehouse/domain';
import {
  addressRefusal,
  classifyOutboundFailure,
  guardedAgent,
  outboundRequest,
  readCappedBody,
  resolveWithin,
} from '@gatehouse/platform';
import { isIP } from 'node:net';
import type { Dispatcher } from 'undici';
import { CIMD_OPTIONS, CimdOptions } from '../cimd-options';
import {
  FetchedMetadataDocument,
  MetadataDocumentFetcher,
} from '../ports/metadata-document-fetcher';

/**
 * Retrieval rules of the CIMD draft (docs/oauth.md "Apps"): GET with no redirect followed (any
 * status but 200 fails), at most 5 KB read (checked against Content-Length and again while
 * streaming), 2.5 s for the whole exchange, public addresses only (the outbound guard).
 */
@Injectable()
export class UndiciMetadataDocumentFetcher
  extends MetadataDocumentFetcher
  implements OnModuleDestroy
{
  private readonly agent: Dispatcher;

  constructor(@Inject(CIMD_OPTIONS) private readonly options: CimdOptions) {
    super();
    this.agent = guardedAgent({
      allowLoopback: options.allowLoopbackTargets,
      connectTimeoutMs: CLIENT_METADATA_FETCH_TIMEOUT_MS,
    });
  }

  async checkDestination(url: string): Promise<void> {
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    const allowLoopback = this.options.allowLoopbackTargets;
    if (isIP(host) !== 0) {
      const refusal = addressRefusal(host, { allowLoopback });
      if (refusal) throw hostNotAllowed(refusal.message);
      return;
    }
    const addresses = await resolveWithin(host, CLIENT_METADATA_FETCH_TIMEOUT_MS).catch(
      (error: unknown) => {
        throw new InvalidClient(
          NOT_RETRIEVED,
          `${host} did not resolve: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
    const refusals = addresses.map(({ address }) => addressRefusal(address, { allowLoopback }));
    if (refusals.every((refusal) => refusal !== null))
      throw hostNotAllowed(refusals[0]?.message ?? `${host} has no address`);
  }

  async fetch(url: string): Promise<FetchedMetadataDocument> {
    try {
      const response = await outboundRequest(url, {
        method: 'GET',
        dispatcher: this.agent,
        signal: AbortSignal.timeout(CLIENT_METADATA_FETCH_TIMEOUT_MS),
        headers: { accept: 'application/json', 'user-agent': 'Gatehouse' },
      });
      const header = (name: string): string | null => {
        const value = response.headers[name];
        return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
      };
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        if (response.statusCode >= 300 && response.statusCode < 400)
          throw refuse('answered with a redirect, and redirects are not followed');
        throw refuse(`answered HTTP ${response.statusCode}`);
      }
      const body = await readCappedBody(
        response.body,
        CLIENT_METADATA_MAX_BYTES,
        response.headers['content-length'],
      );
      if (!body.complete) throw refuse(`is larger than ${CLIENT_METADATA_MAX_BYTES} bytes`);
      return {
        json: parseJson(body.bytes.toString('utf8')),
        cacheHeaders: {
          cacheControl: header('cache-control'),
          expires: header('expires'),
          date: header('date'),
        },
      };
    } catch (error) {
      throw asInvalidClient(error);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.agent.close();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse('is not valid JSON');
  }
}

const NOT_RETRIEVED = 'The client metadata document could not be retrieved';

/** One answer for every refused range, so client IDs cannot map internal DNS; the range is for the log. */
function hostNotAllowed(detail: string): InvalidClient {
  return new InvalidClient("The client metadata document's host is not allowed", detail);
}

function refuse(reason: string): InvalidClient {
  return new InvalidClient(`The client metadata document ${reason}`);
}

function asInvalidClient(error: unknown): InvalidClient {
  if (error instanceof InvalidClient) return error;
  const failure = classifyOutboundFailure(error);
  if (failure.kind === 'timeout')
    return refuse(`did not arrive within ${CLIENT_METADATA_FETCH_TIMEOUT_MS} ms`);
  if (failure.kind === 'address_refused') return hostNotAllowed(failure.refusal.message);
  return new InvalidClient(NOT_RETRIEVED, error instanceof Error ? error.message : String(error));
}
