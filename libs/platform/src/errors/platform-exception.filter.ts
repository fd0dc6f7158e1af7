import { ArgumentsHost, Catch, ExceptionFilter, Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiError, OAuthError } from '@gatehouse/domain';
import type { Express, Request, Response } from 'express';
import { Logger } from 'pino';
import { LOGGER } from '../logging/logger.token';
import { requestIdOf } from '../request/request-id';
import { acceptsEveryMethod, allowedMethodsFor, type RouteMethods } from './allowed-methods';
import { errorShapeOf } from './error-shape';
import { errorResponseFor, FailedRequest } from './error-response';

/**
 * The single global filter: every error of every HTTP route goes through `errorResponseFor`.
 * Errors answered with 5xx are logged with their stack and the request id; 4xx are logged at
 * debug level with the internal `detail` the domain error carries, if any.
 */
@Catch()
@Injectable()
export class PlatformExceptionFilter implements ExceptionFilter {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw thrown;
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const requestId = requestIdOf(req);
    try {
      const failed = this.describe(req);
      const response = errorResponseFor(thrown, failed);
      this.log(thrown, response.status, requestId, failed);
      if (res.headersSent) {
        // Too late for a status: cut the response short so the client sees a failure.
        res.destroy();
        return;
      }
      res.status(response.status);
      for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
      res.json(response.body);
    } catch (failure) {
      this.logger.error({ err: failure, requestId }, 'error filter failed');
      if (!res.headersSent) {
        res.status(500).setHeader('Content-Type', 'application/json');
        res.end('{"error":"Internal Server Error"}');
      } else {
        res.destroy();
      }
    }
  }

  private describe(req: Request): FailedRequest {
    const route = (req as Request & { route?: RouteMethods }).route;
    // A middleware applied to a path for every method (CORS) is mounted as a route that only
    // passes requests on: having passed it, the request has still found no handler.
    const routeMatched = route !== undefined && !acceptsEveryMethod(route);
    const authorization = req.headers.authorization;
    return {
      shape: errorShapeOf(req),
      method: req.method,
      path: req.path,
      routeMatched,
      allowedMethods: routeMatched ? [] : allowedMethodsFor(this.expressApp(), req.path),
      authorizationScheme:
        typeof authorization === 'string' ? authorization.split(' ')[0]?.toLowerCase() : undefined,
    };
  }

  private expressApp(): Express | undefined {
    return this.adapterHost.httpAdapter?.getInstance<Express>();
  }

  private log(
    thrown: unknown,
    status: number,
    requestId: string | undefined,
    failed: FailedRequest,
  ): void {
    const where = { requestId, method: failed.method, path: failed.path, status };
    if (status >= 500) {
      this.logger.error({ ...where, err: thrown }, 'request failed');
      return;
    }
    const detail =
      thrown instanceof OAuthError || thrown instanceof ApiError ? detailOf(thrown) : undefined;
    const code =
      thrown instanceof OAuthError || thrown instanceof ApiError ? thrown.code : undefined;
    this.logger.debug({ ...where, code, detail }, 'request rejected');
  }
}

function detailOf(error: OAuthError | ApiError): string | undefined {
  return error instanceof OAuthError ? error.detail : error.options.detail;
}
