import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local webhook receiver: records every request; `answer` picks the status per path and call. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  /** Distinct `webhook-id` headers seen, kept as requests arrive (cheap to poll on big runs). */
  readonly webhookIds = new Set<string>();
  private server?: Server;
  private waiters: Array<() => void> = [];
  private readonly calls = new Map<string, number>();
  answer: (path: string, call: number) => number = () => 200;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const call = (this.calls.get(path) ?? 0) + 1;
        this.calls.set(path, call);
        this.requests.push({
          path,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        const webhookId = req.headers['webhook-id'];
        if (typeof webhookId === 'string') this.webhookIds.add(webhookId);
        const status = this.answer(path, call);
        res
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status < 300 ? 'thanks' : `no (${status})`);
        this.waiters.splice(0).forEach((wake) => wake());
      });
    });
    // As web servers usually are (nginx: 75 s): connections are reused between deliveries.
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  at(path: string): ReceivedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** Waits until `predicate` holds over the requests received so far. */
  async waitFor(
    predicate: (requests: ReceivedRequest[]) => boolean,
    timeoutMs = 30_000,
    what = 'the expected requests',
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this.requests)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `the receiver did not get ${what} within ${timeoutMs} ms (got ${this.requests.length} requests)`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
