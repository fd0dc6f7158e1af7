import type { IncomingMessage } from 'node:http';
import type { Logger } from '../internal/logger';
import type { TunnelProvider } from '../tunnel/tunnel-provider';
import type { ProcessExitHooks } from './auto-start';

/** A custom landing page: HTML, or a function producing it per request. */
export type WebhooksServerUi = string | ((request: IncomingMessage) => string | Promise<string>);

export interface WebhooksServerOptions {
  /** Shared secret deliveries must carry; defaults to the `WEBHOOK_SECRET` environment variable. */
  webhookSecret?: string;
  /** Replaces the default landing page at `/`. */
  ui?: WebhooksServerUi;
  logger?: Logger;
  /** Port to listen on; default `PORT` from the environment, else 7860. `0` picks a free port. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`, or `0.0.0.0` on a hosting platform. */
  host?: string;
  /**
   * Open a temporary public address when running locally (not when `SPACE_ID` is set): `true`
   * uses a LocalTunnelProvider on `GATEHOUSE_TUNNEL_HOST` (default https://localtunnel.me),
   * or pass any TunnelProvider. Default `false`.
   */
  tunnel?: boolean | TunnelProvider;
  /** Start by itself once the script's top-level code has finished. Default `true`. */
  autoStart?: boolean;
  /** Larger bodies get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** The Gatehouse deployment, linked from the landing page; default `GATEHOUSE_ENDPOINT`. */
  gatehouseEndpoint?: string;
  /** Environment to read defaults from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Clock for signature timestamps, in milliseconds. Default `Date.now`. */
  now?: () => number;
  /** Where auto-start listens for `beforeExit`; default `process`. */
  exitHooks?: ProcessExitHooks;
}

export interface WebhooksServerLaunchOptions {
  port?: number;
  host?: string;
  tunnel?: boolean | TunnelProvider;
}

/** A running server, as `launch()` resolves it. */
export interface LaunchedWebhooksServer {
  /** Local base URL, e.g. `http://127.0.0.1:7860`. */
  readonly url: string;
  /** Public base URL: the tunnel's, or the hosting platform's; absent otherwise. */
  readonly publicUrl: string | undefined;
  /** Full URL of every route registered at launch, on the public URL when there is one. */
  readonly urls: readonly string[];
  readonly port: number;
  close(): Promise<void>;
}
