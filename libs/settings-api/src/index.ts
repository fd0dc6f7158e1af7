export type {
  AccountDeletionScheduled,
  AccountView,
  ChangeEmailBody,
  DeleteAccountBody,
  SecurityEventView,
  ChangePasswordBody,
  EmailChangeRequested,
} from './account';
export type {
  PasskeyRegistration,
  PasskeyView,
  RecoveryCodesView,
  SecondFactorsView,
  TotpEnrolment,
} from './second-factors';
// The JSON the settings API answers with (docs/settings-api.md), as types only: the services build
// these shapes, the settings app, the CLI and tests read them. No code, so the browser bundle loses
// every import of it.
export type { OAuthAppView } from './apps';
export type { ConnectedApplicationView } from './connected-applications';
export type {
  AuditEntryView,
  AuditLogPage,
  AuditLogVerification,
  TokenExchangeAppView,
} from './organization-token-exchange';
export type { LeakedTokenNoticeView } from './leaked-token-notices';
export type { SourceJobsPage, SourceJobView } from './source-jobs';
export type {
  WebhookHealthStateName,
  WebhookHealthView,
  WebhookNoticesPage,
} from './webhook-health';
export type {
  CreatedPersonalToken,
  CreatePersonalTokenBody,
  FineGrainedPermissions,
  FineGrainedPermissionsBody,
  PersonalTokenRole,
  PersonalTokenView,
  TokenEntityType,
  UpdatePersonalTokenBody,
} from './personal-tokens';
export type {
  OrganizationTokenPolicyName,
  OrganizationTokenPolicyView,
  OrganizationTokensPage,
  OrganizationTokenView,
  PersonalTokenApprovalView,
  RevokeOrganizationTokenBody,
  TokenApprovalStateName,
  UpdateOrganizationTokenPolicyBody,
} from './organization-tokens';
export type {
  CreatedServiceAccountToken,
  CreateServiceAccountBody,
  CreateServiceAccountTokenBody,
  ServiceAccountDetail,
  ServiceAccountTokenView,
  ServiceAccountView,
  UpdateServiceAccountBody,
} from './service-accounts';
export type { OtherSessionsEndedView, SessionView, SignInSessionView } from './session';
export type {
  DeliveryAttemptView,
  DeliveryDetailView,
  DeliveryRequestView,
  DeliveryView,
  TestEventAccepted,
  WebhookActivityView,
} from './webhook-activity';
export type {
  AdminMemberView,
  AdminOrganizationView,
  AdminOrgRole,
  AdminUsersPage,
  AdminUserView,
  CreateAdminOrganizationBody,
  CreateAdminUserBody,
  EndedSessionsView,
  ResetFactorsView,
} from './admin';
export type { OrganizationTwoFactorView } from './organization-two-factor';
