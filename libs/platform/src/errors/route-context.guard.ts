import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { bodyParseFailureOf } from '../request/body-parsers';
import { ERROR_SHAPE_METADATA, ErrorShape, setRequestErrorShape } from './error-shape';
import { BodyParseError } from './request-errors';

/**
 * The first global guard: it is the earliest point where the route is known. It records the
 * route's error shape on the request, then raises a body parse failure deferred by the body
 * parsers, so that failure is answered in the right shape.
 */
@Injectable()
export class RouteContextGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const shape = this.reflector.getAllAndOverride<ErrorShape | undefined>(ERROR_SHAPE_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    setRequestErrorShape(req, shape ?? 'api');
    const failure = bodyParseFailureOf(req);
    if (failure) throw new BodyParseError(failure.kind);
    return true;
  }
}
