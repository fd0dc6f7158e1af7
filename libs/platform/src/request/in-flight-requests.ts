import type { ServerResponse } from 'node:http';

/**
 * Counts requests whose response has not closed, so a draining process can wait for them.
 * While draining, responses ask the client to close the connection instead of keeping it alive:
 * those of new requests, and those in flight whose headers are not written yet.
 */
export class InFlightRequests {
  private readonly responses = new Set<ServerResponse>();
  private draining = false;
  private idleWaiters: Array<() => void> = [];

  get size(): number {
    return this.responses.size;
  }

  /**
   * Counts `res` until it closes. A response emits `close` once, whether it finished or its
   * connection was cut first (Node's `http.ServerResponse`), so one listener covers both.
   */
  track(res: ServerResponse): void {
    this.responses.add(res);
    if (this.draining) res.setHeader('Connection', 'close');
    res.on('close', () => {
      this.responses.delete(res);
      if (this.responses.size === 0) this.notifyIdle();
    });
  }

  startDraining(): void {
    this.draining = true;
    for (const res of this.responses) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
    }
  }

  /** Resolves true once no request is in flight, false if `timeoutMs` passes first. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.responses.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((waiter) => waiter !== onIdle);
        resolve(false);
      }, timeoutMs);
      const onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.push(onIdle);
    });
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const waiter of waiters) waiter();
  }
}
