import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { BearerAuthenticator } from '../principal/bearer-authenticator';
import { requestPrincipal, setRequestPrincipal } from '../principal/principal-request';
import { SessionAuthenticator } from '../session/session-authenticator';
import { assertScopes, assertWriteAccess } from './access-checks';
import { REQUIRED_SCOPES_METADATA, WRITE_ACCESS_METADATA } from './access-metadata';

/**
 * Authenticates `Authorization: Bearer <token>`, or without that header the browser session with its
 * CSRF header (401 ApiError otherwise), puts the principal on
 * the request for `@CurrentPrincipal()`, then enforces `@RequireScopes()` and
 * `@RequireWriteAccess()` of the class and the handler (403 ApiError).
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly authenticator: BearerAuthenticator,
    private readonly sessions: SessionAuthenticator,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    let principal = requestPrincipal(request);
    if (!principal) {
      principal =
        request.headers.authorization === undefined && this.sessions.carriesSession(request)
          ? await this.sessions.authenticate(request)
          : await this.authenticator.authenticate(request.headers.authorization);
      setRequestPrincipal(request, principal);
    }
    const targets = [context.getHandler(), context.getClass()];
    assertScopes(
      principal,
      this.reflector.getAllAndMerge<string[]>(REQUIRED_SCOPES_METADATA, targets) ?? [],
    );
    if (this.reflector.getAllAndOverride<boolean>(WRITE_ACCESS_METADATA, targets))
      assertWriteAccess(principal);
    return true;
  }
}
