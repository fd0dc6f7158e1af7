import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { bodyParseFailureOf } from '../request/body-parsers';
import { ERROR_SHAPE_METADATA, ErrorShape, setRequestErrorShape } from './error-shape';
import { BodyParseError } from './request.error';

type Controller = ReturnType<ExecutionContext['getClass']>;
type Handler = ReturnType<ExecutionContext['getHandler']>;

/**
 * The first global guard: it is the earliest point where the route is known. It records the
 * route's error shape on the request, then raises a body parse failure deferred by the body
 * parsers, so that failure is answered in the right shape.
 */
@Injectable()
export class RouteContextGuard implements CanActivate {
  /** Shapes by controller class, then handler: metadata is fixed once the application is built. */
  private readonly shapes = new WeakMap<Controller, WeakMap<Handler, ErrorShape>>();

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    setRequestErrorShape(req, this.shapeOf(context.getClass(), context.getHandler()));
    const failure = bodyParseFailureOf(req);
    if (failure) throw new BodyParseError(failure.kind);
    return true;
  }

  private shapeOf(controller: Controller, handler: Handler): ErrorShape {
    let byHandler = this.shapes.get(controller);
    if (!byHandler) {
      byHandler = new WeakMap();
      this.shapes.set(controller, byHandler);
    }
    let shape = byHandler.get(handler);
    if (shape === undefined) {
      shape =
        this.reflector.getAllAndOverride<ErrorShape | undefined>(ERROR_SHAPE_METADATA, [
          handler,
          controller,
        ]) ?? 'api';
      byHandler.set(handler, shape);
    }
    return shape;
  }
}
