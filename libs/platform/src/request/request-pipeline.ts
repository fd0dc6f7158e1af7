import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'pino';
import { requestObserver } from '../logging/request-observer';
import { HttpMetrics } from '../metrics/http-metrics';
import { bodyParser } from './body-parsers';
import type { ClientAddressRule } from './client-address';
import { InFlightRequests } from './in-flight-requests';
import { runInRequestContext } from './request-context';
import { assignRequestId } from './request-id';
import { setSecurityHeaders } from './security-headers';

export interface RequestPipelineOptions {
  logger: Logger;
  metrics: HttpMetrics;
  inFlight: InFlightRequests;
  bodyLimit: string;
  clientAddress: ClientAddressRule;
  /** Whether the access log is written (the duration metric is observed either way). */
  accessLog: boolean;
}

/**
 * What the platform does to every request before routing, in this order, as one middleware (one
 * router layer to pass instead of one per step): the security headers, the client address, the
 * request id, the in-flight count, the access log and duration metric, the body parsers, then the request
 * context binding the id to everything downstream. The id and the observers see every request,
 * including ones whose body fails. The context opens after the parsers: their stream callbacks
 * run outside the async context a step before them would have opened.
 */
export function requestPipelineMiddleware({
  logger,
  metrics,
  inFlight,
  bodyLimit,
  clientAddress,
  accessLog,
}: RequestPipelineOptions) {
  const observe = requestObserver(accessLog ? logger : undefined, metrics);
  const parseBody = bodyParser(bodyLimit);
  return (req: Request, res: Response, next: NextFunction): void => {
    setSecurityHeaders(req, res);
    clientAddress.assign(req);
    const requestId = assignRequestId(req, res);
    inFlight.track(res);
    observe(req, res);
    parseBody(req, res, () => runInRequestContext({ requestId }, next));
  };
}
