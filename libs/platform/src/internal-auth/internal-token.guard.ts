import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { INTERNAL_TOKEN } from './internal-token';

/**
 * Admits a request only with `Authorization: Bearer <GATEHOUSE_INTERNAL_TOKEN>`. The comparison
 * is constant-time over SHA-256 digests, so neither content nor length leaks through timing.
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  private readonly expectedDigest: Buffer | null;

  constructor(@Inject(INTERNAL_TOKEN) token: string | null) {
    this.expectedDigest = token ? digest(token) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!this.isAuthorized(req.headers.authorization)) {
      throw new ApiError('unauthorized', 'Invalid or missing internal service token');
    }
    return true;
  }

  isAuthorized(authorization: string | undefined): boolean {
    if (!this.expectedDigest || typeof authorization !== 'string') return false;
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    if (!match) return false;
    return timingSafeEqual(digest(match[1]!), this.expectedDigest);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
