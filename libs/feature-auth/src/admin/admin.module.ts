import { DynamicModule, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { SecurityNoticesModule } from '../security-notices/security-notices.module';
import { SignOutModule } from '../session/sign-out.module';
import { AccountRemoval } from './account-removal';
import { ADMIN_OPTIONS, type AdminOptions } from './admin-options';
import { AdminOrganizationsController } from './admin-organizations.controller';
import { AdminOrganizationsService } from './admin-organizations.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';
import { SqlAdminAccountStore } from './infrastructure/sql-admin-account.store';
import { AdminAccountStore } from './ports/admin-account.store';
import { SecondFactorReset } from './ports/second-factor-reset';
import { PlatformAdminGuard } from './platform-admin.guard';
import { SECOND_FACTOR_RESETS } from './second-factor-resets.token';

export interface AdminModuleOptions extends AdminOptions {
  /** The stores of second factors "reset factors" empties (none until factors exist). */
  factorResets?: Type<SecondFactorReset>[];
  /** The modules that provide what the factor resets need. */
  factorModules?: ModuleMetadata['imports'];
}

/**
 * The platform's admin API, `/api/admin/users` and `/api/admin/organizations`
 * (docs/admin-api.md), over identity's providers.
 */
@Module({})
export class AdminModule {
  static forRoot(options: AdminModuleOptions): DynamicModule {
    const factorResets = options.factorResets ?? [];
    return {
      module: AdminModule,
      imports: [SignOutModule, SecurityNoticesModule, ...(options.factorModules ?? [])],
      controllers: [AdminUsersController, AdminOrganizationsController],
      providers: [
        {
          provide: ADMIN_OPTIONS,
          useValue: {
            platformAdmins: options.platformAdmins,
          } satisfies AdminOptions,
        },
        { provide: AdminAccountStore, useClass: SqlAdminAccountStore },
        ...factorResets,
        {
          provide: SECOND_FACTOR_RESETS,
          useFactory: (...stores: SecondFactorReset[]) => stores,
          inject: factorResets,
        },
        AccountRemoval,
        PlatformAdminGuard,
        AdminUsersService,
        AdminOrganizationsService,
      ],
    };
  }
}
