import type { Request, Response } from 'express';
import { Logger } from 'pino';
import { HttpMetrics } from '../metrics/http-metrics';
import { requestIdOf } from '../request/request-id';
import { routeLabel } from '../request/route-label';

/** Probes hit every few seconds; their lines are kept for debugging only. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One access-log line and one histogram observation per request, once its response closes
 * (finished, or cut short: `aborted`). The line holds the method, the path without its query
 * string, the route pattern, the status, the duration and the request id: never headers,
 * cookies, query strings or bodies, where credentials travel. The line is only built when its
 * level is enabled, and never without a logger (the access log turned off); the observation is
 * always made.
 */
export function requestObserver(
  logger: Logger | undefined,
  metrics: HttpMetrics,
): (req: Request, res: Response) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    res.on('close', () => {
      const durationSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req);
      metrics.observe({ method: req.method, route, status: res.statusCode, durationSeconds });
      const level = PROBE_PATHS.has(req.path) ? 'debug' : 'info';
      if (!logger || !logger.isLevelEnabled(level)) return;
      const line = {
        requestId: requestIdOf(req),
        method: req.method,
        path: req.path,
        route,
        status: res.statusCode,
        durationMs: Math.round(durationSeconds * 1e6) / 1e3,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      logger[level](line, 'request');
    });
  };
}
