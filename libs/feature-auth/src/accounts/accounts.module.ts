import { DynamicModule, Module, type Type } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { SignOutModule } from '../session/sign-out.module';
import { SecurityNoticesModule } from '../security-notices/security-notices.module';
import { AccountLinks } from './account-links';
import { AccountMailRequests } from './account-mail-requests';
import { AccountMailConsumer } from './account-mail.consumer';
import { AccountPagesController } from './account-pages.controller';
import {
  ACCOUNT_REQUEST_LIMITS,
  AccountRequestThrottle,
  type AccountRequestLimits,
  DEFAULT_ACCOUNT_REQUEST_LIMITS,
} from './account-request-throttle';
import { AccountSettingsController } from './account-settings.controller';
import { TypeOrmOwnAccountRepository } from './infrastructure/typeorm-own-account.repository';
import { InvitationsController } from './invitations.controller';
import { PasswordService } from './password.service';
import { OwnAccountRepository } from './ports/own-account.repository';
import { SignUpService } from './sign-up.service';
import { AccountRemoval } from '../admin/account-removal';
import { SqlAdminAccountStore } from '../admin/infrastructure/sql-admin-account.store';
import { AdminAccountStore } from '../admin/ports/admin-account.store';
import { AccountDeletionController } from '../leaving/account-deletion.controller';
import { AccountDeletionService } from '../leaving/account-deletion.service';
import { DueAccountDeletions } from '../leaving/due-account-deletions';
import { SqlAccountDeletionStore } from '../leaving/infrastructure/sql-account-deletion.store';
import { AccountDeletionStore } from '../leaving/ports/account-deletion.store';
import { type SecondFactorAnswer, SecondFactorCheck } from '../leaving/ports/second-factor-check';

/** Without the factors feature (some tests), no account has a factor to ask for. */
const NO_SECOND_FACTORS: SecondFactorCheck = {
  check: (): Promise<SecondFactorAnswer> => Promise.resolve('not_enrolled'),
};

/**
 * Accounts people make and manage themselves: sign-up, address confirmation, invitations,
 * "Forgot password?", the account settings API, leaving (libs/feature-auth/src/leaving: "Delete my
 * account" and the deletion of due accounts), and the mailer of their messages. Needs
 * ACCOUNTS_OPTIONS and SESSION_OPTIONS (AuthModule provides both), IdentityModule, the DataSource,
 * FLOW_STORE, a MailTransport (MailModule) and the account mail topic on the bus.
 */
@Module({})
export class AccountsModule {
  static forRoot(
    options: {
      limits?: AccountRequestLimits;
      /** A module exporting the SecondFactorCheck asked before an account is deleted (SecondFactorCheckModule). */
      secondFactorCheck?: Type<unknown>;
    } = {},
  ): DynamicModule {
    return {
      module: AccountsModule,
      imports: [
        SessionModule,
        SignOutModule,
        SecurityNoticesModule,
        ...(options.secondFactorCheck ? [options.secondFactorCheck] : []),
      ],
      controllers: [
        AccountPagesController,
        AccountSettingsController,
        InvitationsController,
        AccountMailConsumer,
        AccountDeletionController,
      ],
      providers: [
        {
          provide: ACCOUNT_REQUEST_LIMITS,
          useValue: options.limits ?? DEFAULT_ACCOUNT_REQUEST_LIMITS,
        },
        { provide: OwnAccountRepository, useClass: TypeOrmOwnAccountRepository },
        AccountLinks,
        AccountMailRequests,
        AccountRequestThrottle,
        SignUpService,
        PasswordService,
        { provide: AdminAccountStore, useClass: SqlAdminAccountStore },
        AccountRemoval,
        { provide: AccountDeletionStore, useClass: SqlAccountDeletionStore },
        ...(options.secondFactorCheck
          ? []
          : [{ provide: SecondFactorCheck, useValue: NO_SECOND_FACTORS }]),
        AccountDeletionService,
        DueAccountDeletions,
      ],
      exports: [DueAccountDeletions],
    };
  }
}
