import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the receiver answers: normally (204), with 500, by never answering, or by cutting the connection. */
export type ReceiverMode = 'ok' | 'error-500' | 'hang' | 'close';

/**
 * A webhook receiver that counts deliveries by `webhook-id` (the delivery id: one per event and
 * webhook, the same on every retry). A delivery counts once the receiver has answered it 2xx.
 */
export class CountingReceiver {
  /** First 2xx answer per webhook-id, epoch ms. */
  readonly deliveredAt = new Map<string, number>();
  /** The event's commit id (`updatedRefs[0].newSha`) per webhook-id. */
  readonly eventOf = new Map<string, string>();
  /** Requests seen per webhook-id, whatever the answer. */
  readonly requestsOf = new Map<string, number>();
  /** 2xx answers per webhook-id (above 1: a duplicate). */
  readonly acceptedOf = new Map<string, number>();
  /** Requests whose `X-Webhook-Secret` was not the expected secret. */
  secretMismatches = 0;
  mode: ReceiverMode = 'ok';
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private readonly hanging = new Set<() => void>();

  /** `secret`: the webhook's, which every request must carry in `X-Webhook-Secret`. */
  constructor(private readonly secret?: string) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const webhookId = String(req.headers['webhook-id'] ?? '');
        this.requestsOf.set(webhookId, (this.requestsOf.get(webhookId) ?? 0) + 1);
        if (this.secret !== undefined && req.headers['x-webhook-secret'] !== this.secret)
          this.secretMismatches += 1;
        switch (this.mode) {
          case 'error-500':
            res.writeHead(500).end('receiver failing on purpose');
            return;
          case 'hang':
            this.hanging.add(() => res.destroy());
            return;
          case 'close':
            req.socket.destroy();
            return;
          case 'ok': {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              updatedRefs?: Array<{ newSha: string }>;
            };
            const event = body.updatedRefs?.[0]?.newSha ?? '';
            this.acceptedOf.set(webhookId, (this.acceptedOf.get(webhookId) ?? 0) + 1);
            if (!this.deliveredAt.has(webhookId)) {
              this.deliveredAt.set(webhookId, Date.now());
              this.eventOf.set(webhookId, event);
            }
            res.writeHead(204).end();
          }
        }
      });
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Back to answering 204; requests left hanging are cut (the worker has long timed them out). */
  recover(): void {
    this.mode = 'ok';
    for (const cut of this.hanging) cut();
    this.hanging.clear();
  }

  /** Events delivered: distinct webhook-ids answered 2xx, by the event's commit id. */
  deliveredEvents(): Set<string> {
    return new Set(this.eventOf.values());
  }

  /** 2xx answers beyond the first for a webhook-id. */
  duplicates(): number {
    let extra = 0;
    for (const count of this.acceptedOf.values()) extra += count - 1;
    return extra;
  }

  async stop(): Promise<void> {
    this.recover();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
