import { JsonReader, JsonShapeError } from '../internal/json.reader';
import { consoleLogger, type Logger } from '../internal/logger';
import { TunnelConnectionPool } from './tunnel-connection-pool';
import { TunnelError } from './tunnel.error';
import type { OpenTunnel, TunnelOpenOptions, TunnelProvider } from './tunnel-provider';

export interface LocalTunnelProviderOptions {
  /** Base URL of a server speaking the localtunnel protocol. Default `https://localtunnel.me`. */
  host?: string;
  /** Ask for this subdomain instead of a random one (the server may refuse). */
  subdomain?: string;
  /** Delay before reconnecting a tunnel connection that failed. Default 1000 ms. */
  retryDelayMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
}

/** What the tunnel server assigns: `GET /?new` or `GET /<subdomain>` answers this JSON. */
interface TunnelAssignment {
  url: string;
  port: number;
  maxConnections: number;
  remoteHost: string;
}

export const DEFAULT_LOCAL_TUNNEL_HOST = 'https://localtunnel.me';

/** A TunnelProvider speaking the localtunnel protocol, against any compatible server. */
export class LocalTunnelProvider implements TunnelProvider {
  private readonly host: string;
  private readonly fetch: typeof fetch;
  private readonly logger: Logger;

  constructor(private readonly options: LocalTunnelProviderOptions = {}) {
    this.host = (options.host ?? DEFAULT_LOCAL_TUNNEL_HOST).replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.logger = options.logger ?? consoleLogger;
  }

  async open(localPort: number, openOptions: TunnelOpenOptions = {}): Promise<OpenTunnel> {
    const assignment = await this.requestAssignment();
    const pool = new TunnelConnectionPool({
      remoteHost: assignment.remoteHost,
      remotePort: assignment.port,
      localHost: openOptions.localHost ?? '127.0.0.1',
      localPort,
      size: assignment.maxConnections,
      retryDelayMs: this.options.retryDelayMs ?? 1000,
      logger: this.logger,
    });
    try {
      await pool.start();
    } catch (error) {
      throw new TunnelError(
        `Could not connect to the tunnel server at ${assignment.remoteHost}:${assignment.port}.`,
        { cause: error },
      );
    }
    return {
      url: assignment.url,
      close: async () => pool.close(),
    };
  }

  private async requestAssignment(): Promise<TunnelAssignment> {
    const path = this.options.subdomain
      ? `/${encodeURIComponent(this.options.subdomain)}`
      : '/?new';
    let response: Response;
    try {
      response = await this.fetch(`${this.host}${path}`, {
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw new TunnelError(`Could not reach the tunnel server ${this.host}.`, { cause: error });
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new TunnelError(
        `The tunnel server ${this.host} answered ${response.status} without JSON.`,
      );
    }
    if (!response.ok) {
      const message =
        typeof body === 'object' && body !== null && 'message' in body
          ? String(body.message)
          : text;
      throw new TunnelError(
        `The tunnel server ${this.host} refused the tunnel (${response.status}): ${message}`,
      );
    }
    try {
      const reader = JsonReader.of(body, 'tunnel');
      return {
        url: reader.string('url'),
        port: reader.integer('port'),
        maxConnections: Math.max(1, Math.floor(reader.optionalNumber('max_conn_count') ?? 1)),
        // Servers behind a load balancer send the address to connect to in `ip`.
        remoteHost: reader.optionalString('ip') ?? new URL(this.host).hostname,
      };
    } catch (error) {
      if (error instanceof JsonShapeError)
        throw new TunnelError(`Unexpected answer from the tunnel server: ${error.message}`);
      throw error;
    }
  }
}
