import {
  guardedAgent,
  type HostAddressResolver,
  outboundRequest,
  readCappedBody,
} from '@gatehouse/platform';
import type { Dispatcher } from 'undici';
import {
  HttpDeliveryRequest,
  HttpDeliveryResult,
  HttpDeliverySender,
} from '../ports/http-delivery-sender';
import { transportFailure } from '../transport-failure';

export interface UndiciDeliverySenderOptions {
  /** The whole attempt, connect to last byte read (GATEHOUSE_DELIVERY_TIMEOUT_MS, 15 s). */
  timeoutMs: number;
  allowLoopback: boolean;
  /** Bytes of the response body kept for the activity view. */
  excerptBytes?: number;
  resolve?: HostAddressResolver;
}

/** Svix keeps 20,000 bytes; an activity view needs far less to show what the receiver said. */
const DEFAULT_EXCERPT_BYTES = 4096;

/**
 * Deliveries over undici: redirects are never followed (undici's `request` has no redirect
 * handling unless asked, and a 3xx is then a failed attempt, as Standard Webhooks asks), the
 * address is checked at connect time (the outbound guard, guardedAgent), and the response body
 * is read only up to the excerpt size.
 */
export class UndiciDeliverySender extends HttpDeliverySender {
  private readonly agent: Dispatcher;
  private readonly excerptBytes: number;

  constructor(private readonly options: UndiciDeliverySenderOptions) {
    super();
    this.excerptBytes = options.excerptBytes ?? DEFAULT_EXCERPT_BYTES;
    this.agent = guardedAgent({
      allowLoopback: options.allowLoopback,
      resolve: options.resolve,
      connectTimeoutMs: options.timeoutMs,
      agent: {
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        keepAliveTimeout: 4_000,
      },
    });
  }

  async post({ url, headers, body }: HttpDeliveryRequest): Promise<HttpDeliveryResult> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { kind: 'failed', error: 'invalid_url', message: 'the target URL is invalid' };
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      return {
        kind: 'failed',
        error: 'invalid_url',
        message: `the target URL scheme ${target.protocol} is not http(s)`,
      };
    }
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await outboundRequest(target, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.agent,
        signal,
      });
      const excerpt = await readExcerpt(response.body, this.excerptBytes);
      const retryAfter = response.headers['retry-after'];
      return {
        kind: 'response',
        status: response.statusCode,
        retryAfter: Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null),
        excerpt,
      };
    } catch (error) {
      return { kind: 'failed', ...transportFailure(error, this.options.timeoutMs) };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** At most `limit` bytes of the body as text; a longer body is cut (and its connection dropped). */
async function readExcerpt(
  body: Dispatcher.ResponseData['body'],
  limit: number,
): Promise<string | null> {
  const { bytes } = await readCappedBody(body, limit);
  if (bytes.length === 0) return null;
  // A multi-byte character cut at the limit decodes to U+FFFD; drop it.
  return bytes.toString('utf8').replace(/\uFFFD$/, '');
}
