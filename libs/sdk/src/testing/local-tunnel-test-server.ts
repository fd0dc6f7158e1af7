import { randomBytes } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';

export interface TunnelTestServerOptions {
  /** `max_conn_count` handed to clients. */
  maxConnections?: number;
  /** How long a public request waits for a free tunnel connection before 504. */
  socketWaitMs?: number;
}

export interface PublicAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/** One tunnel client: its TCP listener and the idle connections it opened to it. */
class TunnelClient {
  private readonly idle: Socket[] = [];
  private readonly waiters: Array<(socket: Socket) => void> = [];
  readonly connections = new Set<Socket>();

  constructor(
    readonly id: string,
    readonly listener: TcpServer,
  ) {
    listener.on('connection', (socket) => this.accept(socket));
  }

  get port(): number {
    return (this.listener.address() as AddressInfo).port;
  }

  take(waitMs: number): Promise<Socket | undefined> {
    const socket = this.idle.shift();
    if (socket) return Promise.resolve(socket);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        resolve(undefined);
      }, waitMs);
      const waiter = (s: Socket) => {
        clearTimeout(timer);
        resolve(s);
      };
      this.waiters.push(waiter);
    });
  }

  close(): void {
    for (const socket of this.connections) socket.destroy();
    this.listener.close();
  }

  private accept(socket: Socket): void {
    this.connections.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => {
      this.connections.delete(socket);
      const index = this.idle.indexOf(socket);
      if (index >= 0) this.idle.splice(index, 1);
    });
    const waiter = this.waiters.shift();
    if (waiter) waiter(socket);
    else this.idle.push(socket);
  }
}

/**
 * A small server of the localtunnel protocol, for tests: `GET /?new` or `GET /<subdomain>`
 * assigns a client a TCP port to connect to; a request whose Host is `<id>.localhost:<port>`
 * is written onto one of that client's connections and the answer relayed back.
 */
export class LocalTunnelTestServer {
  readonly assignmentRequests: string[] = [];
  private readonly clients = new Map<string, TunnelClient>();

  private constructor(
    private readonly http: Server,
    private readonly options: Required<TunnelTestServerOptions>,
  ) {}

  static async start(options: TunnelTestServerOptions = {}): Promise<LocalTunnelTestServer> {
    const http = createServer();
    const server = new LocalTunnelTestServer(http, {
      maxConnections: 2,
      socketWaitMs: 5000,
      ...options,
    });
    http.on('request', (request, response) => void server.route(request, response));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return server;
  }

  get port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  /** What a client passes as its tunnel `host`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Open tunnel connections of a client, to watch the pool. */
  connectionCount(id: string): number {
    return this.clients.get(id)?.connections.size ?? 0;
  }

  /** Sends a request to a public URL (`http://<id>.localhost:<port>/...`) through this server. */
  request(
    publicUrl: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<PublicAnswer> {
    const target = new URL(publicUrl);
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          method: init.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers: { ...init.headers, host: target.host },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        },
      );
      request.on('error', reject);
      request.end(init.body);
    });
  }

  async close(): Promise<void> {
    for (const client of this.clients.values()) client.close();
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const host = request.headers.host ?? '';
    const suffix = `.localhost:${this.port}`;
    if (host.endsWith(suffix)) {
      const client = this.clients.get(host.slice(0, -suffix.length));
      if (client) return this.proxy(client, request, response);
      return this.reply(response, 404, { message: 'no such tunnel' });
    }
    const url = new URL(request.url ?? '/', this.url);
    this.assignmentRequests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/' && url.searchParams.has('new'))
      return this.assign(randomBytes(6).toString('hex'), response);
    const wanted = url.pathname.slice(1);
    if (!/^[a-z0-9-]{4,63}$/.test(wanted))
      return this.reply(response, 400, { message: 'Invalid subdomain.' });
    if (this.clients.has(wanted))
      return this.reply(response, 409, { message: `Subdomain ${wanted} is taken.` });
    return this.assign(wanted, response);
  }

  private async assign(id: string, response: ServerResponse): Promise<void> {
    const listener = createTcpServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const client = new TunnelClient(id, listener);
    this.clients.set(id, client);
    this.reply(response, 200, {
      id,
      port: client.port,
      max_conn_count: this.options.maxConnections,
      url: `http://${id}.localhost:${this.port}`,
    });
  }

  private async proxy(
    client: TunnelClient,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const socket = await client.take(this.options.socketWaitMs);
    if (!socket) return this.reply(response, 504, { message: 'No tunnel connection available.' });
    const headers = { ...request.headers };
    delete headers.connection;
    const forwarded = httpRequest({
      method: request.method,
      path: request.url,
      headers,
      createConnection: () => socket,
    });
    forwarded.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () =>
      this.reply(response, 502, { message: 'Tunnel connection failed.' }),
    );
    request.pipe(forwarded);
  }

  private reply(response: ServerResponse, status: number, body: unknown): void {
    if (response.headersSent) return void response.destroy();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }
}
