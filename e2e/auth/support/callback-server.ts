import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** An app's redirect endpoint on loopback: records every URL the browser was sent back to. */
export class CallbackServer {
  readonly received: URL[] = [];
  private server!: Server;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      if (req.url === '/favicon.ico') return void res.writeHead(404).end();
      this.received.push(new URL(req.url!, `http://127.0.0.1:${this.port}`));
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!doctype html><title>Back in the app</title><p>Back in the app</p>');
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** The redirect URI to send, on this server's port (docs/oauth.md "Redirect URIs"). */
  url(path = '/callback'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  last(): URL {
    const last = this.received.at(-1);
    if (!last) throw new Error('the browser never came back to the app');
    return last;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
