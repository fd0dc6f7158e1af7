import { AdminAuditEntryEntity } from './accounts/admin-audit-entry.entity';
import { MembershipEntity } from './accounts/membership.entity';
import { OrganizationEntity } from './accounts/organization.entity';
import { SecurityEventEntity } from './accounts/security-event.entity';
import { SignInSessionEntity } from './accounts/sign-in-session.entity';
import { UserEntity } from './accounts/user.entity';
import { PasskeyEntity } from './accounts/passkey.entity';
import { RecoveryCodeEntity } from './accounts/recovery-code.entity';
import { TotpFactorEntity } from './accounts/totp-factor.entity';
import { DeliveryAttemptEntity } from './delivery/delivery-attempt.entity';
import { DeliveryEntity } from './delivery/delivery.entity';
import { JobRunEntity } from './delivery/job-run.entity';
import { AccessTokenEntity } from './oauth/access-token.entity';
import { ConsentEntity } from './oauth/consent.entity';
import { AccountLinkEntity } from './accounts/account-link.entity';
import { LeakedTokenNoticeEntity } from './oauth/leaked-token-notice.entity';
import { OAuthAppEntity } from './oauth/oauth-app.entity';
import { PersonalAccessTokenEntity } from './oauth/personal-access-token.entity';
import { RefreshTokenEntity } from './oauth/refresh-token.entity';
import { SigningKeyEntity } from './oauth/signing-key.entity';
import { OutboxMessageEntity } from './outbox/outbox-message.entity';
import { AuditLogEntryEntity } from './token-exchange/audit-log-entry.entity';
import { OrganizationTokenPolicyEntity } from './token-exchange/organization-token-policy.entity';
import { TokenApprovalEntity } from './token-exchange/token-approval.entity';
import { TrustedPublisherEntity } from './token-exchange/trusted-publisher.entity';
import { JobEntity } from './webhooks/job.entity';
import { WebhookEntity } from './webhooks/webhook.entity';
import { WebhookHealthEntity } from './webhooks/webhook-health.entity';

/** Every entity the data source maps, for `createDataSource` and Nest's TypeOrmModule alike. */
export const ALL_ENTITIES = [
  UserEntity,
  OrganizationEntity,
  MembershipEntity,
  AdminAuditEntryEntity,
  TotpFactorEntity,
  RecoveryCodeEntity,
  PasskeyEntity,
  SignInSessionEntity,
  SecurityEventEntity,
  OAuthAppEntity,
  ConsentEntity,
  AccessTokenEntity,
  RefreshTokenEntity,
  PersonalAccessTokenEntity,
  LeakedTokenNoticeEntity,
  AccountLinkEntity,
  SigningKeyEntity,
  TrustedPublisherEntity,
  AuditLogEntryEntity,
  OrganizationTokenPolicyEntity,
  TokenApprovalEntity,
  JobEntity,
  WebhookEntity,
  WebhookHealthEntity,
  DeliveryEntity,
  DeliveryAttemptEntity,
  JobRunEntity,
  OutboxMessageEntity,
];
