import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestPrincipal } from '../principal/principal-request';

/** The caller's Principal; the route must be guarded by BearerAuthGuard (or a decorator implying it). */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => {
    const principal = requestPrincipal(context.switchToHttp().getRequest<Request>());
    if (!principal) throw new Error('@CurrentPrincipal() used on a route without BearerAuthGuard');
    return principal;
  },
);
