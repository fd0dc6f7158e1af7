import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { routeLabel } from '../request/route-label';
import { INTERNAL_PATH_PREFIX } from './internal-token';
import { InternalTokenGuard } from './internal-token.guard';

/**
 * Global guard: every route under `/internal` requires the internal token, whether or not its
 * controller remembered `@UseGuards(InternalTokenGuard)`.
 */
@Injectable()
export class InternalRoutesGuard implements CanActivate {
  constructor(private readonly tokenGuard: InternalTokenGuard) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    // The matched route pattern as well as the raw path, so no spelling of the path slips by.
    if (!isInternalPath(req.path) && !isInternalPath(routeLabel(req))) return true;
    return this.tokenGuard.canActivate(context);
  }
}

export function isInternalPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === INTERNAL_PATH_PREFIX || lower.startsWith(`${INTERNAL_PATH_PREFIX}/`);
}
