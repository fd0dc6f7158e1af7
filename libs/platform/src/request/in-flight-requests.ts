import type { NextFunction, Request, Response } from 'express';

/**
 * Counts requests whose response has not finished, so a draining process can wait for them.
 * While draining, responses ask the client to close the connection instead of keeping it alive.
 */
export class InFlightRequests {
  private count = 0;
  private draining = false;
  private idleWaiters: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  middleware() {
    return (_req: Request, res: Response, next: NextFunction): void => {
      this.count += 1;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        this.count -= 1;
        if (this.count === 0) this.notifyIdle();
      };
      if (this.draining) res.setHeader('Connection', 'close');
      res.once('finish', finish);
      res.once('close', finish);
      const writeHead = res.writeHead;
      res.writeHead = ((...args: Parameters<Response['writeHead']>) => {
        if (this.draining && !res.headersSent) res.setHeader('Connection', 'close');
        return writeHead.apply(res, args);
      }) as Response['writeHead'];
      next();
    };
  }

  startDraining(): void {
    this.draining = true;
  }

  /** Resolves true once no request is in flight, false if `timeoutMs` passes first. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
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
