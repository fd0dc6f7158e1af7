import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:https';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Route = (res: import('node:http').ServerResponse, site: MetadataDocumentSite) => void;

/**
 * An app's website on https://127.0.0.1 with a self-signed certificate, serving client-ID
 * metadata documents under `/<name>/.well-known/oauth-cimd`. Gatehouse trusts the certificate
 * through NODE_EXTRA_CA_CERTS (`certificatePath`).
 */
export class MetadataDocumentSite {
  readonly hits = new Map<string, number>();
  readonly routes = new Map<string, Route>();
  private readonly dir = mkdtempSync(join(tmpdir(), 'gatehouse-cimd-site-'));
  private server!: Server;
  port = 0;

  get certificatePath(): string {
    return join(this.dir, 'cert.pem');
  }

  async start(): Promise<this> {
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          join(this.dir, 'key.pem'),
          '-out',
          this.certificatePath,
        ],
        { stdio: 'pipe' },
      );
    } catch (error) {
      throw new Error(
        `openssl could not make the test site's certificate (install openssl): ${(error as Error).message}`,
      );
    }
    this.server = createServer(
      { key: readFileSync(join(this.dir, 'key.pem')), cert: readFileSync(this.certificatePath) },
      (req, res) => {
        const name = /^\/([a-z-]+)\/\.well-known\/oauth-cimd$/.exec(req.url ?? '')?.[1];
        const route = name ? this.routes.get(name) : undefined;
        if (!name || !route) return void res.writeHead(404).end();
        this.hits.set(name, (this.hits.get(name) ?? 0) + 1);
        route(res, this);
      },
    );
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** The client ID (document URL) of the document served under `name`. */
  clientId(name: string): string {
    return `https://127.0.0.1:${this.port}/${name}/.well-known/oauth-cimd`;
  }

  serveJson(
    name: string,
    document: object,
    headers: Record<string, string> = {},
    delayMs = 0,
  ): void {
    this.routes.set(name, (res) => {
      const send = () =>
        res
          .writeHead(200, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(document));
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
