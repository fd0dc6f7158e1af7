import { connect, type Socket } from 'node:net';
import type { Logger } from '../internal/logger';

export interface TunnelConnectionPoolOptions {
  remoteHost: string;
  remotePort: number;
  localHost: string;
  localPort: number;
  /** How many connections the tunnel server lets this client keep open (`max_conn_count`). */
  size: number;
  retryDelayMs: number;
  logger: Logger;
}

/**
 * The client half of the localtunnel protocol: keeps `size` TCP connections open to the tunnel
 * server, which writes each public HTTP request onto one of them. A connection is joined to a
 * fresh connection to the local server when its first bytes arrive, and both are replaced when
 * either side closes, so every slot is always ready for the next request.
 */
export class TunnelConnectionPool {
  private readonly sockets = new Set<Socket>();
  private closed = false;
  private failing = false;

  constructor(private readonly options: TunnelConnectionPoolOptions) {}

  /** Opens the slots; resolves when the first one is connected, rejects if none can connect. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      let settled = false;
      let failures = 0;
      const firstOutcome = (error?: Error) => {
        if (settled) return;
        if (!error) {
          settled = true;
          resolve();
        } else if (++failures === this.options.size) {
          settled = true;
          this.close();
          reject(error);
        }
      };
      for (let slot = 0; slot < this.options.size; slot++) this.openSlot(firstOutcome);
    });
  }

  close(): void {
    this.closed = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private openSlot(onOutcome?: (error?: Error) => void): void {
    if (this.closed) return;
    const { remoteHost, remotePort } = this.options;
    const remote = connect({ host: remoteHost, port: remotePort });
    this.sockets.add(remote);
    let connected = false;
    let failed = false;
    remote.setKeepAlive(true);
    remote.once('connect', () => {
      connected = true;
      this.failing = false;
      onOutcome?.();
      remote.once('data', (firstChunk: Buffer) => this.joinLocal(remote, firstChunk));
    });
    remote.on('error', (error) => {
      failed = true;
      // A reset after connecting needs no report: the close handler below replaces the slot.
      if (connected) return;
      onOutcome?.(error);
      if (!this.failing)
        this.options.logger.warn(
          `Tunnel connection to ${remoteHost}:${remotePort} failed: ${error.message}; retrying.`,
        );
      this.failing = true;
    });
    remote.once('close', () => {
      this.sockets.delete(remote);
      if (this.closed) return;
      setTimeout(() => this.openSlot(), failed ? this.options.retryDelayMs : 0).unref();
    });
  }

  private joinLocal(remote: Socket, firstChunk: Buffer): void {
    remote.pause();
    const local = connect({ host: this.options.localHost, port: this.options.localPort });
    this.sockets.add(local);
    local.write(firstChunk);
    remote.pipe(local);
    local.pipe(remote);
    const teardown = () => {
      this.sockets.delete(local);
      local.destroy();
      remote.destroy();
    };
    local.on('error', (error) => {
      this.options.logger.warn(`Tunnel could not reach the local server: ${error.message}`);
      teardown();
    });
    local.once('close', teardown);
    remote.once('close', teardown);
  }
}
