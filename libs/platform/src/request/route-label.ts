import type { Request } from 'express';

/** Label of requests no route matched, so unknown paths cannot grow the metric series. */
const UNMATCHED_ROUTE = '<unmatched>';

/** The route pattern that served the request (`/api/settings/webhooks/:id`), never the raw path. */
export function routeLabel(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return UNMATCHED_ROUTE;
  return `${req.baseUrl ?? ''}${route.path}`;
}
