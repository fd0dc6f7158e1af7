import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../internal/logger';
import { replyEmpty, replyError, replyHtml, replyJsonText } from './http-replies';
import { parseWebhookPayload } from './parse-webhook-payload';
import { readRequestBody, RequestBodyTooLargeError } from './read-request-body';
import type { WebhookAuthenticator } from './webhook-authenticator';
import type { WebhookHandler, WebhookRequest } from './webhook-handler';
import { WebhookPayloadError } from './webhook-payload.error';

export interface WebhookDispatcherOptions {
  routes: ReadonlyMap<string, WebhookHandler>;
  /** Absent when the receiver has no secret: every route is open. */
  authenticator: WebhookAuthenticator | undefined;
  maxBodyBytes: number;
  landingPage: (request: IncomingMessage, baseUrl: string) => Promise<string>;
  /** The public base URL when known (tunnel or hosting), else the request's own address is used. */
  publicUrl: () => string | undefined;
  logger: Logger;
}

/** Answers one HTTP request: the landing page at `/`, a handler at `POST /webhooks/<name>`. */
export class WebhookDispatcher {
  constructor(private readonly options: WebhookDispatcherOptions) {}

  async dispatch(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const baseUrl = this.options.publicUrl() ?? requestBaseUrl(request);
    // Concatenated, not resolved: a request target like `//host/x` must stay a path.
    const target = new URL(`http://localhost${request.url?.startsWith('/') ? request.url : '/'}`);
    const path = target.pathname.length > 1 ? target.pathname.replace(/\/+$/, '') : target.pathname;
    const url = URL.canParse(`${baseUrl}${target.pathname}`)
      ? new URL(`${baseUrl}${target.pathname}${target.search}`)
      : target;
    const method = request.method ?? 'GET';
    if (path === '/') {
      if (method !== 'GET' && method !== 'HEAD')
        return replyError(response, 405, 'Method not allowed.', { allow: 'GET, HEAD' });
      return replyHtml(
        response,
        await this.options.landingPage(request, baseUrl),
        method === 'HEAD',
      );
    }
    const handler = this.options.routes.get(path);
    if (!handler) return replyError(response, 404, `No webhook route at ${path}.`);
    if (method !== 'POST')
      return replyError(response, 405, 'Method not allowed.', { allow: 'POST' });
    await this.deliver(handler, { method, path, url, request, response });
  }

  private async deliver(
    handler: WebhookHandler,
    context: {
      method: string;
      path: string;
      url: URL;
      request: IncomingMessage;
      response: ServerResponse;
    },
  ): Promise<void> {
    const { request, response } = context;
    const authenticator = this.options.authenticator;
    const secretFailure = authenticator?.checkSharedSecret(request.headers);
    if (secretFailure) return replyError(response, secretFailure.status, secretFailure.message);
    let body: Buffer;
    try {
      body = await readRequestBody(request, this.options.maxBodyBytes);
    } catch (error) {
      if (error instanceof RequestBodyTooLargeError)
        return replyError(response, 413, error.message, { connection: 'close' });
      throw error;
    }
    const signatureFailure = authenticator?.checkSignature(request.headers, body);
    if (signatureFailure)
      return replyError(response, signatureFailure.status, signatureFailure.message);
    let payload;
    try {
      payload = parseWebhookPayload(body);
    } catch (error) {
      if (error instanceof WebhookPayloadError) return replyError(response, 422, error.message);
      throw error;
    }
    const webhookRequest: WebhookRequest = {
      method: context.method,
      path: context.path,
      url: context.url,
      headers: request.headers,
      rawBody: body,
      raw: request,
    };
    let result: unknown;
    try {
      result = await handler(payload, webhookRequest);
    } catch (error) {
      this.options.logger.error(
        `Webhook handler for ${context.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return replyError(
        response,
        500,
        error instanceof Error ? error.message : 'The webhook handler failed.',
      );
    }
    if (result === undefined) return replyEmpty(response, 200);
    let text: string | undefined;
    try {
      text = JSON.stringify(result);
    } catch (error) {
      this.options.logger.error(
        `Webhook handler for ${context.path} returned a value that is not JSON: ${String(error)}`,
      );
    }
    if (text === undefined)
      return replyError(
        response,
        500,
        'The webhook handler returned a value that cannot be sent as JSON.',
      );
    replyJsonText(response, 200, text);
  }
}

/** The address the client used, from `Host` (and `X-Forwarded-Proto` behind a proxy). */
function requestBaseUrl(request: IncomingMessage): string {
  const forwardedProto = request.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto)
    ?.split(',')[0]
    ?.trim();
  const host = request.headers.host ?? 'localhost';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}
