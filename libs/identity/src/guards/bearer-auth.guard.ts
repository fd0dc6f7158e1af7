import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { BearerAuthenticator } from '../principal/bearer-authenticator';
import { requestPrincipal, setRequestPrincipal } from '../principal/principal-request';
import { SessionAuthenticator } from '../session/session-authenticator';
import type { Permission } from '@gatehouse/domain';
import { clientAddressOf } from '@gatehouse/platform';
import {
  assertFineGrainedRoute,
  assertScopes,
  assertWriteAccess,
  isFineGrained,
} from './access-checks';
import {
  PERMISSION_METADATA,
  REQUIRED_SCOPES_METADATA,
  WRITE_ACCESS_METADATA,
} from './access-metadata';

/**
 * Authenticates `Authorization: Bearer <token>`, or without that header the browser session with its
 * CSRF header (401 ApiError otherwise), puts the principal on
 * the request for `@CurrentPrincipal()`, then enforces `@RequireScopes()` and
 * `@RequireWriteAccess()` of the class and the handler (403 ApiError); a fine-grained token is
 * held to `@RequirePermission()` instead, and refused where the route names none.
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
          : await this.authenticator.authenticate(request.headers.authorization, {
              address: clientAddressOf(request),
              userAgent: request.headers['user-agent'],
            });
      setRequestPrincipal(request, principal);
    }
    const targets = [context.getHandler(), context.getClass()];
    if (isFineGrained(principal)) {
      assertFineGrainedRoute(
        principal,
        this.reflector.getAllAndOverride<Permission | 'per-resource'>(PERMISSION_METADATA, targets),
      );
      return true;
    }
    assertScopes(
      principal,
      this.reflector.getAllAndMerge<string[]>(REQUIRED_SCOPES_METADATA, targets) ?? [],
    );
    if (this.reflector.getAllAndOverride<boolean>(WRITE_ACCESS_METADATA, targets))
      assertWriteAccess(principal);
    return true;
  }
}
