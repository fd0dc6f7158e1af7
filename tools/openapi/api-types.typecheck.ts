import type { WebhookInfo, WhoAmI } from '@gatehouse/sdk';
import type {
  AccountView,
  AdminMemberView,
  AdminOrganizationView,
  AdminUsersPage,
  AdminUserView,
  AuditEntryView,
  AuditLogPage,
  AuditLogVerification,
  ChangeEmailBody,
  ChangePasswordBody,
  ConnectedApplicationView,
  CreateAdminOrganizationBody,
  CreateAdminUserBody,
  CreatedPersonalToken,
  CreatedServiceAccountToken,
  CreatePersonalTokenBody,
  CreateServiceAccountBody,
  CreateServiceAccountTokenBody,
  DeliveryDetailView,
  EmailChangeRequested,
  EndedSessionsView,
  LeakedTokenNoticeView,
  OAuthAppView,
  OrganizationTokenPolicyView,
  OrganizationTokensPage,
  PersonalTokenView,
  ResetFactorsView,
  RevokeOrganizationTokenBody,
  ServiceAccountDetail,
  ServiceAccountView,
  SessionView,
  SourceJobsPage,
  TokenExchangeAppView,
  UpdateOrganizationTokenPolicyBody,
  UpdatePersonalTokenBody,
  UpdateServiceAccountBody,
  WebhookActivityView,
} from '@gatehouse/settings-api';
import type { components, paths } from './gatehouse-api.generated';

// The SDK's and the settings app's types held to the OpenAPI document's (docs/openapi.md),
// compiled by `npm run typecheck`: a field that one side has and the other lacks fails it.
// Answers: the document's answer must be readable as the type, and where the type is the answer
// itself, the reverse too and the same fields (`Same`). Request bodies: what the type lets a caller send, the
// document accepts (`Accepts`).

type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Json<Content> = Content extends { 'application/json': infer Body } ? Body : never;

/** The JSON answer of an operation with the given status. */
type Answer<
  Path extends keyof paths,
  Method extends keyof paths[Path],
  Status extends number,
> = paths[Path][Method] extends { responses: infer Responses }
  ? Status extends keyof Responses
    ? Responses[Status] extends { content: infer Content }
      ? Json<Content>
      : never
    : never
  : never;

/** The JSON request body of an operation. */
type Body<
  Path extends keyof paths,
  Method extends keyof paths[Path],
> = paths[Path][Method] extends {
  requestBody?: infer Request;
}
  ? Request extends { content: infer Content }
    ? Json<Content>
    : never
  : never;

type Check<Holds extends true> = Holds;
type Readable<Document, Type> = [Document] extends [never]
  ? false
  : [Document] extends [Type]
    ? true
    : false;
/** The fields of an object, or of an array's items. */
type Keys<T> = T extends readonly (infer Item)[] ? keyof Item : keyof T;
type SameKeys<A, B> = [Keys<A>] extends [Keys<B>]
  ? [Keys<B>] extends [Keys<A>]
    ? true
    : false
  : false;
/** Each assignable to the other, and no optional field on one side alone. */
type Same<Document, Type> = [Type] extends [Document]
  ? Readable<Document, Type> extends true
    ? SameKeys<Document, Type>
    : false
  : false;
type Accepts<Document, Type> = [Document] extends [never]
  ? false
  : [Type] extends [Document]
    ? true
    : false;

export type SettingsAppAnswers = [
  Check<Same<Answer<'/api/session', 'get', 200>, SessionView>>,
  Check<Same<Answer<'/api/settings/account', 'get', 200>, AccountView>>,
  Check<Same<Answer<'/api/settings/account/email', 'post', 202>, EmailChangeRequested>>,
  Check<Same<Answer<'/api/settings/tokens', 'get', 200>, PersonalTokenView[]>>,
  Check<Same<Answer<'/api/settings/tokens', 'post', 201>, CreatedPersonalToken>>,
  Check<Same<Answer<'/api/settings/tokens/{id}', 'patch', 200>, PersonalTokenView>>,
  Check<Same<Answer<'/api/settings/tokens/{id}/refresh', 'post', 200>, CreatedPersonalToken>>,
  Check<Same<Answer<'/api/settings/apps', 'get', 200>, OAuthAppView[]>>,
  Check<Same<Schema<'OAuthApp'>, OAuthAppView>>,
  Check<
    Same<Answer<'/api/settings/connected-applications', 'get', 200>, ConnectedApplicationView[]>
  >,
  Check<Same<Answer<'/api/settings/token-notices', 'get', 200>, LeakedTokenNoticeView[]>>,
  Check<Same<Answer<'/api/settings/webhooks/source-jobs', 'get', 200>, SourceJobsPage>>,
  Check<Same<Answer<'/api/settings/webhooks/{id}/activity', 'get', 200>, WebhookActivityView>>,
  Check<
    Same<
      Answer<'/api/settings/webhooks/{id}/activity/{deliveryId}', 'get', 200>,
      DeliveryDetailView
    >
  >,
  Check<
    Same<
      Answer<'/api/organizations/{name}/settings/token-exchange-apps', 'get', 200>,
      { apps: TokenExchangeAppView[] }
    >
  >,
  Check<
    Same<Answer<'/api/organizations/{name}/settings/tokens', 'get', 200>, OrganizationTokensPage>
  >,
  Check<
    Same<
      Answer<'/api/organizations/{name}/settings/token-policy', 'get', 200>,
      OrganizationTokenPolicyView
    >
  >,
  Check<
    Same<
      Answer<'/api/organizations/{name}/settings/service-accounts', 'get', 200>,
      { serviceAccounts: ServiceAccountView[] }
    >
  >,
  Check<
    Same<
      Answer<'/api/organizations/{name}/settings/service-accounts/{id}', 'get', 200>,
      ServiceAccountDetail
    >
  >,
  Check<
    Same<
      Answer<'/api/organizations/{name}/settings/service-accounts/{id}/tokens', 'post', 201>,
      CreatedServiceAccountToken
    >
  >,
  Check<Same<Answer<'/api/organizations/{name}/audit-log', 'get', 200>, AuditLogPage>>,
  Check<Same<Schema<'AuditEntry'>, AuditEntryView>>,
  Check<
    Same<Answer<'/api/organizations/{name}/audit-log/verify', 'get', 200>, AuditLogVerification>
  >,
  Check<Same<Answer<'/api/admin/users', 'get', 200>, AdminUsersPage>>,
  Check<Same<Answer<'/api/admin/users', 'post', 201>, AdminUserView>>,
  Check<Same<Answer<'/api/admin/users/{user}/sessions/end', 'post', 200>, EndedSessionsView>>,
  Check<Same<Answer<'/api/admin/users/{user}/factors/reset', 'post', 200>, ResetFactorsView>>,
  Check<Same<Answer<'/api/admin/organizations', 'post', 201>, AdminOrganizationView>>,
  Check<Same<Answer<'/api/admin/organizations/{name}/members', 'get', 200>, AdminMemberView[]>>,
];

export type SettingsAppBodies = [
  Check<Accepts<Body<'/api/settings/account/password', 'post'>, ChangePasswordBody>>,
  Check<Accepts<Body<'/api/settings/account/email', 'post'>, ChangeEmailBody>>,
  Check<Accepts<Body<'/api/settings/tokens', 'post'>, CreatePersonalTokenBody>>,
  Check<Accepts<Body<'/api/settings/tokens/{id}', 'patch'>, UpdatePersonalTokenBody>>,
  Check<
    Accepts<
      Body<'/api/organizations/{name}/settings/token-policy', 'put'>,
      UpdateOrganizationTokenPolicyBody
    >
  >,
  Check<
    Accepts<
      Body<'/api/organizations/{name}/settings/tokens/revoke', 'post'>,
      RevokeOrganizationTokenBody
    >
  >,
  Check<
    Accepts<
      Body<'/api/organizations/{name}/settings/service-accounts', 'post'>,
      CreateServiceAccountBody
    >
  >,
  Check<
    Accepts<
      Body<'/api/organizations/{name}/settings/service-accounts/{id}', 'patch'>,
      UpdateServiceAccountBody
    >
  >,
  Check<
    Accepts<
      Body<'/api/organizations/{name}/settings/service-accounts/{id}/tokens', 'post'>,
      CreateServiceAccountTokenBody
    >
  >,
  Check<Accepts<Body<'/api/admin/users', 'post'>, CreateAdminUserBody>>,
  Check<Accepts<Body<'/api/admin/organizations', 'post'>, CreateAdminOrganizationBody>>,
];

/** The SDK reads whoami-v2 as sent, and the webhook fields it keeps (parseWebhookInfo) as sent. */
type WebhookFields = 'id' | 'url' | 'job' | 'watched' | 'domains' | 'disabled' | 'jobToken';

export type SdkAnswers = [
  Check<Readable<Answer<'/api/whoami-v2', 'get', 200>, WhoAmI>>,
  Check<Readable<Pick<Schema<'Webhook'>, WebhookFields>, Pick<WebhookInfo, WebhookFields>>>,
  Check<Readable<Answer<'/api/settings/webhooks', 'get', 200>[number]['job'], WebhookInfo['job']>>,
];
