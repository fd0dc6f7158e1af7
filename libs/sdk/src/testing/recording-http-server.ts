import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body bytes exactly as received, as text. */
  body: string;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  /** Sent as is when a string, else as JSON. */
  body?: unknown;
}

export type Responder = (request: RecordedRequest) => ScriptedAnswer;

/** A loopback HTTP server that records every request and answers from a script. */
export class RecordingHttpServer {
  readonly requests: RecordedRequest[] = [];

  private constructor(
    private readonly server: Server,
    private responder: Responder,
  ) {}

  static async start(responder: Responder): Promise<RecordingHttpServer> {
    const server = createServer();
    const recording = new RecordingHttpServer(server, responder);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const recorded: RecordedRequest = {
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        recording.requests.push(recorded);
        const answer = recording.responder(recorded);
        const body =
          answer.body === undefined
            ? ''
            : typeof answer.body === 'string'
              ? answer.body
              : JSON.stringify(answer.body);
        const contentType = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
        response.writeHead(answer.status, { 'content-type': contentType, ...answer.headers });
        response.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return recording;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  respondWith(responder: Responder): void {
    this.responder = responder;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
