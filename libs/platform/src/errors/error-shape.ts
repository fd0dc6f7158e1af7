import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

/**
 * How a route answers errors that are not typed domain errors (a malformed body, a validation
 * failure, an unexpected fault): `oauth` is RFC 6749 §5.2 (`{"error","error_description"}`),
 * `api` the Hugging Face shape (`{"error": message}` and `X-Error-Message`).
 */
export type ErrorShape = 'oauth' | 'api';

export const ERROR_SHAPE_METADATA = 'gatehouse:error-shape';

/** Marks a controller (or one handler) whose errors are answered in the OAuth shape. */
export const OAuthErrorShape = () =>
  SetMetadata(ERROR_SHAPE_METADATA, 'oauth' satisfies ErrorShape);

const REQUEST_SHAPE = Symbol('gatehouse.errorShape');
type WithShape = Request & { [REQUEST_SHAPE]?: ErrorShape };

export function setRequestErrorShape(req: Request, shape: ErrorShape): void {
  (req as WithShape)[REQUEST_SHAPE] = shape;
}

/** The shape of the route serving `req`; `api` before a route is known (unknown path, early failure). */
export function errorShapeOf(req: Request): ErrorShape {
  return (req as WithShape)[REQUEST_SHAPE] ?? 'api';
}
