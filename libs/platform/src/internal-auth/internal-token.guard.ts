import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ACCEPTED_INTERNAL_TOKENS } from './internal-token';

/**
 * Admits a request only with `Authorization: Bearer <an accepted internal token>`: the current
 * `GATEHOUSE_INTERNAL_TOKEN`, or during a rotation the other accepted value. Each comparison is
 * constant-time over SHA-256 digests, and every accepted value is compared, so neither content,
 * length nor which value matched leaks through timing.
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  private readonly expectedDigests: readonly Buffer[];

  constructor(@Inject(ACCEPTED_INTERNAL_TOKENS) tokens: readonly string[]) {
    this.expectedDigests = tokens.filter((token) => token.length > 0).map(digest);
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!this.isAuthorized(req.headers.authorization)) {
      throw new ApiError('unauthorized', 'Invalid or missing internal service token');
    }
    return true;
  }

  isAuthorized(authorization: string | undefined): boolean {
    if (this.expectedDigests.length === 0 || typeof authorization !== 'string') return false;
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    if (!match) return false;
    const presented = digest(match[1]!);
    return this.expectedDigests
      .map((expected) => timingSafeEqual(presented, expected))
      .some((equal) => equal);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
