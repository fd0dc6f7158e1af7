import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { WebhookPayload } from './webhook-payload';

/** The delivery request as the handler sees it; the body has already been read and checked. */
export interface WebhookRequest {
  readonly method: string;
  /** The route's path, e.g. `/webhooks/say_hello`. */
  readonly path: string;
  /** The request URL, query included, against the address the request was sent to. */
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  /** The body exactly as received, for handlers that verify something of their own. */
  readonly rawBody: Buffer;
  /** The underlying Node request. */
  readonly raw: IncomingMessage;
}

/**
 * Handles one delivery. What it returns is sent as JSON with status 200; `undefined` sends an
 * empty 200. A throw sends 500 with the error's message, never its stack.
 */
export type WebhookHandler = (payload: WebhookPayload, request: WebhookRequest) => unknown;
