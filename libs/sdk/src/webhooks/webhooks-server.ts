import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consoleLogger, type Logger } from '../internal/logger';
import { LocalTunnelProvider } from '../tunnel/local-tunnel-provider';
import type { OpenTunnel, TunnelProvider } from '../tunnel/tunnel-provider';
import { AutoStart } from './auto-start';
import { detectHosting } from './hosting-environment';
import { replyError } from './http-replies';
import { renderLandingPage } from './landing.page';
import { printLaunchBanner } from './launch-banner';
import { WebhookAuthenticator } from './webhook-authenticator';
import { WebhookDispatcher } from './webhook-dispatcher';
import type { WebhookHandler } from './webhook-handler';
import { webhookRoutePath } from './webhook-route-path';
import type {
  LaunchedWebhooksServer,
  WebhooksServerLaunchOptions,
  WebhooksServerOptions,
} from './webhooks-server-options';

const DEFAULT_PORT = 7860;
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * EXPERIMENTAL: may change in breaking ways without notice; pin the package version.
 *
 * Receives webhook deliveries (libs/sdk/README.md "`WebhooksServer` (experimental)"): one `POST /webhooks/<name>` route per handler, a
 * landing page at `/`, an optional shared secret, and an optional public tunnel.
 */
export class WebhooksServer {
  private readonly handlers = new Map<string, WebhookHandler>();
  private readonly env: Readonly<Record<string, string | undefined>>;
  private readonly logger: Logger;
  private readonly secret: string | undefined;
  private readonly autoStart: AutoStart;
  private readonly dispatcher: WebhookDispatcher;
  private launching: Promise<LaunchedWebhooksServer> | undefined;
  private active: Server | undefined;
  private publicUrl: string | undefined;

  constructor(private readonly options: WebhooksServerOptions = {}) {
    this.env = options.env ?? process.env;
    this.logger = options.logger ?? consoleLogger;
    this.secret = options.webhookSecret || this.env.WEBHOOK_SECRET || undefined;
    this.autoStart = new AutoStart(options.exitHooks);
    this.dispatcher = new WebhookDispatcher({
      routes: this.handlers,
      authenticator: this.secret
        ? new WebhookAuthenticator(this.secret, options.now ?? Date.now)
        : undefined,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      landingPage: (request, baseUrl) => this.landingPage(request, baseUrl),
      publicUrl: () => this.publicUrl,
      logger: this.logger,
    });
  }

  /** The registered routes, e.g. `['/webhooks/say_hello']`. */
  get routes(): string[] {
    return [...this.handlers.keys()];
  }

  /**
   * Registers a handler at `POST /webhooks/<name>`: its function name, or `path` with slashes
   * trimmed. Throws when the route is taken or an anonymous function comes without a path.
   */
  add(handler: WebhookHandler): this;
  add(path: string, handler: WebhookHandler): this;
  add(pathOrHandler: string | WebhookHandler, maybeHandler?: WebhookHandler): this {
    const [path, handler] =
      typeof pathOrHandler === 'function'
        ? [undefined, pathOrHandler]
        : [pathOrHandler, maybeHandler];
    if (typeof handler !== 'function')
      throw new TypeError('WebhooksServer.add() needs a handler function.');
    const route = webhookRoutePath(path, handler.name);
    if (this.handlers.has(route))
      throw new Error(`A webhook handler is already registered at ${route}.`);
    this.handlers.set(route, handler);
    if (this.launching) {
      this.logger.info(`New webhook route: POST ${route}`);
    } else if (this.options.autoStart !== false) {
      this.autoStart.schedule(() => this.startAutomatically());
    }
    return this;
  }

  /**
   * Starts listening now (and cancels the automatic start). Calling it again returns the same
   * running server: it never starts twice.
   */
  launch(options: WebhooksServerLaunchOptions = {}): Promise<LaunchedWebhooksServer> {
    this.autoStart.cancel();
    this.launching ??= this.start(options).catch((error: unknown) => {
      this.launching = undefined;
      throw error;
    });
    return this.launching;
  }

  /** Stops the server and its tunnel, or cancels the automatic start if it has not happened. */
  async close(): Promise<void> {
    this.autoStart.cancel();
    const launched = await this.launching?.catch(() => undefined);
    await launched?.close();
  }

  /** Answers one request; mount it in an existing `http.Server` instead of calling `launch()`. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    return this.dispatcher.dispatch(request, response).catch((error: unknown) => {
      this.logger.error(
        `Webhooks server failed on ${request.method} ${request.url}: ${String(error)}`,
      );
      if (!response.headersSent) replyError(response, 500, 'Internal server error.');
      else response.destroy();
    });
  }

  private startAutomatically(): void {
    this.launch().catch((error: unknown) => {
      this.logger.error(
        `Could not start the webhooks server: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = 1;
    });
  }

  private async start(options: WebhooksServerLaunchOptions): Promise<LaunchedWebhooksServer> {
    const hosting = detectHosting(this.env);
    const port = options.port ?? this.options.port ?? this.portFromEnv() ?? DEFAULT_PORT;
    const host = options.host ?? this.options.host ?? (hosting.hosted ? '0.0.0.0' : '127.0.0.1');
    const server = createServer((request, response) => void this.handle(request, response));
    await listen(server, port, host);
    this.active = server;
    const actualPort = (server.address() as AddressInfo).port;
    const url = `http://${reachableHost(host)}:${actualPort}`;
    const tunnel = hosting.hosted
      ? undefined
      : await this.openTunnel(options.tunnel ?? this.options.tunnel, actualPort, host);
    this.publicUrl = tunnel?.url.replace(/\/+$/, '') ?? hosting.publicUrl;
    const publicUrl = this.publicUrl;
    const urls = this.routes.map((route) => `${publicUrl ?? url}${route}`);
    printLaunchBanner(this.logger, {
      url,
      publicUrl,
      tunnel: tunnel !== undefined,
      urls,
      secretConfigured: !!this.secret,
    });
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        await tunnel?.close();
        await closeServer(server);
        if (this.active !== server) return;
        this.active = undefined;
        this.publicUrl = undefined;
        this.launching = undefined;
      })());
    return { url, publicUrl, urls, port: actualPort, close };
  }

  private async openTunnel(
    setting: boolean | TunnelProvider | undefined,
    port: number,
    host: string,
  ): Promise<OpenTunnel | undefined> {
    if (!setting) return undefined;
    const provider =
      setting === true
        ? new LocalTunnelProvider({ host: this.env.GATEHOUSE_TUNNEL_HOST, logger: this.logger })
        : setting;
    try {
      return await provider.open(port, { localHost: reachableHost(host) });
    } catch (error) {
      this.logger.warn(
        `No public tunnel: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }

  private portFromEnv(): number | undefined {
    const raw = this.env.PORT;
    if (raw === undefined || raw === '') return undefined;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new RangeError(`PORT must be a port number, got ${JSON.stringify(raw)}.`);
    return port;
  }

  private async landingPage(request: IncomingMessage, baseUrl: string): Promise<string> {
    const ui = this.options.ui;
    if (typeof ui === 'string') return ui;
    if (ui) return ui(request);
    return renderLandingPage({
      baseUrl,
      routes: this.routes,
      secretConfigured: !!this.secret,
      gatehouseEndpoint: this.options.gatehouseEndpoint ?? this.env.GATEHOUSE_ENDPOINT,
    });
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The address to reach a server listening on `host` from this machine. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
