import { Accounts1767225600000 } from './1767225600000-accounts';
import { OAuth1767225600001 } from './1767225600001-oauth';
import { TokenExchange1767225600002 } from './1767225600002-token-exchange';
import { Webhooks1767225600003 } from './1767225600003-webhooks';
import { Delivery1767225600004 } from './1767225600004-delivery';
import { Outbox1767225600005 } from './1767225600005-outbox';
import { WebhooksUpdatedAtIndex1767225600100 } from './1767225600100-webhooks-updated-at-index';
import { AuditSeal1767225600101 } from './1767225600101-audit-seal';
import { OAuthAppHomepage1767225600200 } from './1767225600200-oauth-app-homepage';
import { TokenExpiryIndexes1767225600310 } from './1767225600310-token-expiry-indexes';
import { ForeignKeyIndexes1767225600320 } from './1767225600320-foreign-key-indexes';
import { LeakedTokenNotices1767225600400 } from './1767225600400-leaked-token-notices';
import { FineGrainedPersonalTokens1767225600500 } from './1767225600500-fine-grained-personal-tokens';
import { ServiceAccounts1767225600620 } from './1767225600620-service-accounts';
import { OrganizationTokenGovernance1767225600650 } from './1767225600650-organization-token-governance';
import { WebhookJobToken1767225600750 } from './1767225600750-webhook-job-token';
import { WebhookSecretOverlap1767225600800 } from './1767225600800-webhook-secret-overlap';
import { AccountLinks1767225600850 } from './1767225600850-account-links';
import { PlatformAdministration1767225600900 } from './1767225600900-platform-administration';
import { SecondFactors1767225600950 } from './1767225600950-second-factors';
import { WebhookHealth1767225600960 } from './1767225600960-webhook-health';
import { SessionsAndLogout1767225600975 } from './1767225600975-sessions-and-logout';
import { OrganizationTwoFactor1767225600990 } from './1767225600990-organization-two-factor';
import { RefreshRotationAnswer1767225601000 } from './1767225601000-refresh-rotation-answer';

/** The one migration history, oldest first. Append only: never edit a released migration. */
export const ALL_MIGRATIONS = [
  Accounts1767225600000,
  OAuth1767225600001,
  TokenExchange1767225600002,
  Webhooks1767225600003,
  Delivery1767225600004,
  Outbox1767225600005,
  WebhooksUpdatedAtIndex1767225600100,
  AuditSeal1767225600101,
  OAuthAppHomepage1767225600200,
  TokenExpiryIndexes1767225600310,
  ForeignKeyIndexes1767225600320,
  LeakedTokenNotices1767225600400,
  FineGrainedPersonalTokens1767225600500,
  ServiceAccounts1767225600620,
  OrganizationTokenGovernance1767225600650,
  WebhookJobToken1767225600750,
  WebhookSecretOverlap1767225600800,
  AccountLinks1767225600850,
  PlatformAdministration1767225600900,
  SecondFactors1767225600950,
  WebhookHealth1767225600960,
  SessionsAndLogout1767225600975,
  OrganizationTwoFactor1767225600990,
  RefreshRotationAnswer1767225601000,
];
