import { Module } from '@nestjs/common';
import { AccountMailRequests } from '../accounts/account-mail-requests';
import { SqlSecurityEventStore } from './infrastructure/sql-security-event.store';
import { SecurityEventStore } from './ports/security-event.store';
import { SecurityEventsController } from './security-events.controller';
import { OrganizationRevocationNoticeConsumer } from './organization-revocation-notice.consumer';
import { SecurityNotices } from './security-notices';

/**
 * Security notices (docs/security.md "Security notices"): SecurityNotices for the features that
 * tell (sign-in, password and address changes, second factors, leaked tokens), the consumer of
 * what `token-exchange` tells (a token revoked by an organization administrator), and the account
 * page's list. Needs IdentityModule, the DataSource and CLOCK.
 */
@Module({
  controllers: [SecurityEventsController, OrganizationRevocationNoticeConsumer],
  providers: [
    { provide: SecurityEventStore, useClass: SqlSecurityEventStore },
    AccountMailRequests,
    SecurityNotices,
  ],
  exports: [SecurityNotices],
})
export class SecurityNoticesModule {}
