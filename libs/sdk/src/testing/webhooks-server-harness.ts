import { CapturingLogger } from './capturing-logger';
import { WebhooksServer } from '../webhooks/webhooks-server';
import type {
  LaunchedWebhooksServer,
  WebhooksServerOptions,
} from '../webhooks/webhooks-server-options';

export const FROZEN_NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);

/** Starts WebhooksServers on free loopback ports with a frozen clock, and closes them after each test. */
export class WebhooksServerHarness {
  private readonly running: WebhooksServer[] = [];

  async start(options: WebhooksServerOptions, register: (server: WebhooksServer) => void) {
    const logger = new CapturingLogger();
    const server = new WebhooksServer({
      autoStart: false,
      logger,
      env: {},
      now: () => FROZEN_NOW_MS,
      ...options,
    });
    this.running.push(server);
    register(server);
    const launched = await server.launch({ port: 0 });
    return { server, launched, logger };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.running.splice(0).map((server) => server.close()));
  }
}

export function post(
  launched: LaunchedWebhooksServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${launched.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Status and parsed JSON body ('' when empty). */
export async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : text };
}
