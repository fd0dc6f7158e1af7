import { createServer, Server, Socket, connect } from 'node:net';
import { AddressInfo } from 'node:net';

/** One statement a client had PostgreSQL execute: a simple Query, or an Execute of a parsed statement. */
export interface SeenStatement {
  /** The client connection it came on (1, 2, …). */
  connection: number;
  text: string;
}

/** Startup-phase request codes that are answered before the StartupMessage (PostgreSQL protocol, "Message Formats"). */
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/**
 * A TCP proxy in front of PostgreSQL that reads the frontend half of the wire protocol and records
 * every statement executed: a `Q` (simple query) message, or an `E` (Execute) of the portal a `B`
 * bound to a statement a `P` parsed. Bytes pass through unchanged both ways; only loopback.
 */
export class StatementCountingProxy {
  readonly statements: SeenStatement[] = [];
  /** Every statement a `P` (Parse) sent: a simple Query parses too, but is counted in `statements` only. */
  readonly parsed: SeenStatement[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private connections = 0;

  private port: number | undefined;
  private databaseUrl: string | undefined;

  constructor(private readonly upstream: { host: string; port: number }) {}

  /** A started proxy in front of the server of `databaseUrl`; connect to its `url` instead. */
  static async inFrontOf(databaseUrl: string): Promise<StatementCountingProxy> {
    const target = new URL(databaseUrl);
    const proxy = new StatementCountingProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    await proxy.start();
    proxy.databaseUrl = databaseUrl;
    return proxy;
  }

  /** The database URL of `inFrontOf`, reaching the same database through this proxy. */
  get url(): string {
    if (this.databaseUrl === undefined || this.port === undefined)
      throw new Error('StatementCountingProxy.url: start it with inFrontOf(databaseUrl)');
    const through = new URL(this.databaseUrl);
    through.hostname = '127.0.0.1';
    through.port = String(this.port);
    return through.toString();
  }

  async start(): Promise<number> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((listening) => this.server!.listen(0, '127.0.0.1', listening));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((closed) => this.server?.close(closed));
  }

  private accept(client: Socket): void {
    const connection = (this.connections += 1);
    const server = connect(this.upstream.port, this.upstream.host);
    this.sockets.add(client).add(server);
    const drop = () => {
      client.destroy();
      server.destroy();
      this.sockets.delete(client);
      this.sockets.delete(server);
    };
    client.on('error', drop).on('close', drop);
    server.on('error', drop).on('close', drop);
    server.pipe(client);
    const prepared = new Map<string, string>();
    const portals = new Map<string, string>();
    let pending: Buffer = Buffer.alloc(0);
    let startup = true;
    client.on('data', (chunk: Buffer) => {
      server.write(chunk);
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        if (startup) {
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          startup = code === SSL_REQUEST || code === GSSENC_REQUEST;
          pending = pending.subarray(length);
          continue;
        }
        if (pending.length < 5) return;
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) return;
        const type = String.fromCharCode(pending[0]!);
        const body = pending.subarray(5, 1 + length);
        pending = pending.subarray(1 + length);
        const strings = () => body.toString('utf8').split('\0');
        if (type === 'Q') this.statements.push({ connection, text: strings()[0]! });
        else if (type === 'P') {
          const [name, text] = strings();
          prepared.set(name!, text!);
          this.parsed.push({ connection, text: text! });
        } else if (type === 'B') portals.set(strings()[0]!, prepared.get(strings()[1]!) ?? '?');
        else if (type === 'E')
          this.statements.push({ connection, text: portals.get(strings()[0]!) ?? '?' });
      }
    });
  }
}
