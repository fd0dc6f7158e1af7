import type { NextFunction, Request, Response } from 'express';
import { runInRequestContext } from './request-context';
import { requestIdOf } from './request-id';

/**
 * Binds the request id to everything downstream. Mounted after the body parsers: their stream
 * callbacks run outside the async context a middleware before them would have opened.
 */
export function requestContextMiddleware() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const requestId = requestIdOf(req);
    if (requestId === undefined) {
      next();
      return;
    }
    runInRequestContext({ requestId }, next);
  };
}
