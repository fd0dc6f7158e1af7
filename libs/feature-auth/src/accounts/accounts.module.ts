import { DynamicModule, Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { SignOutModule } from '../session/sign-out.module';
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

/**
 * Accounts people make and manage themselves: sign-up, address confirmation, invitations,
 * "Forgot password?", the account settings API, and the mailer of their messages. Needs
 * ACCOUNTS_OPTIONS and SESSION_OPTIONS (AuthModule provides both), IdentityModule, the DataSource,
 * FLOW_STORE, a MailTransport (MailModule) and the account mail topic on the bus.
 */
@Module({})
export class AccountsModule {
  static forRoot(options: { limits?: AccountRequestLimits } = {}): DynamicModule {
    return {
      module: AccountsModule,
      imports: [SessionModule, SignOutModule],
      controllers: [
        AccountPagesController,
        AccountSettingsController,
        InvitationsController,
        AccountMailConsumer,
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
      ],
    };
  }
}
