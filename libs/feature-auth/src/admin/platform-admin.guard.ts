import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@gatehouse/domain';
import { requestPrincipal } from '@gatehouse/identity';
import type { Request } from 'express';
import { ADMIN_OPTIONS, type AdminOptions } from './admin-options';
import { AdminAccountStore } from './ports/admin-account.store';

/**
 * The admin API's door (docs/admin-api.md "Who is an administrator"): a `write` personal token of
 * a platform administrator, named by GATEHOUSE_PLATFORM_ADMINS or flagged by the seed. The browser
 * session, OAuth tokens, read tokens and fine-grained tokens are refused, so no page or app a
 * user consented to can act as an administrator. Listed after BearerAuthGuard, which sets the principal.
 */
@Injectable()
export class PlatformAdminGuard implements CanActivate {
  private readonly named: ReadonlySet<string>;

  constructor(
    private readonly accounts: AdminAccountStore,
    @Inject(ADMIN_OPTIONS) options: AdminOptions,
  ) {
    this.named = new Set(options.platformAdmins.map((name) => name.toLowerCase()));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const principal = requestPrincipal(context.switchToHttp().getRequest<Request>());
    if (!principal?.user || principal.kind !== 'personal' || principal.role !== 'write')
      throw ApiError.forbidden(
        'The admin API takes a write access token of a platform administrator',
      );
    if (this.named.has(principal.user.username.toLowerCase())) return true;
    const user = await this.accounts.findUser(principal.user.id);
    if (user?.id === principal.user.id && user.platformAdmin) return true;
    throw ApiError.forbidden('Only platform administrators may use the admin API');
  }
}
