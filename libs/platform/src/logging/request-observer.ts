import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'pino';
import { HttpMetrics } from '../metrics/http-metrics';
import { requestIdOf } from '../request/request-id';
import { routeLabel } from '../request/route-label';

/** Probes hit every few seconds; their lines are kept for debugging only. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One access-log line and one histogram observation per request. The line holds the method, the
 * path without its query string, the route pattern, the status, the duration and the request
 * id: never headers, cookies, query strings or bodies, where credentials travel.
 */
export function requestObserverMiddleware(logger: Logger, metrics: HttpMetrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const durationSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req);
      const aborted = !res.writableFinished;
      metrics.observe({ method: req.method, route, status: res.statusCode, durationSeconds });
      const line = {
        requestId: requestIdOf(req),
        method: req.method,
        path: req.path,
        route,
        status: res.statusCode,
        durationMs: Math.round(durationSeconds * 1e6) / 1e3,
        ...(aborted ? { aborted: true } : {}),
      };
      if (PROBE_PATHS.has(req.path)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    };
    res.once('finish', record);
    res.once('close', record);
    next();
  };
}
