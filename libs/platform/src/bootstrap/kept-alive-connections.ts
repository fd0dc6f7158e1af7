import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The server's open connections and, for each, since when it has carried no request. A draining
 * service closes a kept-alive connection only once it has stayed idle for a while: a proxy in front
 * (nginx, an Ingress) reuses the connection it used last for its next request, and a POST sent on
 * a connection the server closes at that moment is answered 502 by the proxy, which may not send a
 * non-idempotent request again. A connection that carries one more request gets `Connection:
 * close` on its answer (InFlightRequests) and closes cleanly after it.
 */
export class KeptAliveConnections {
  /** Each open socket, with when it went idle (undefined while a request is on it). */
  private readonly sockets = new Map<Socket, number | undefined>();

  constructor(
    server: Server,
    private readonly now: () => number = Date.now,
  ) {
    server.on('connection', (socket: Socket) => {
      this.sockets.set(socket, this.now());
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket;
      if (!this.sockets.has(socket)) return;
      this.sockets.set(socket, undefined);
      res.once('finish', () => {
        if (this.sockets.has(socket)) this.sockets.set(socket, this.now());
      });
    });
  }

  get size(): number {
    return this.sockets.size;
  }

  /** Ends every connection idle for at least `idleMs`; returns how many it ended. */
  closeIdleFor(idleMs: number): number {
    const now = this.now();
    let closed = 0;
    for (const [socket, idleSince] of this.sockets) {
      if (idleSince !== undefined && now - idleSince >= idleMs) {
        socket.destroy();
        this.sockets.delete(socket);
        closed += 1;
      }
    }
    return closed;
  }
}
