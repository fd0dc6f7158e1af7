export { badRequestFromIssues } from './body-error';
export { type WatchedItem } from './watched-item';
export { WEBHOOK_DOMAINS, type WebhookDomain } from './webhook-domain';
export { type CheckedWebhookUrl, refusedWebhookTarget } from './webhook-url';
export { mergeJobSecrets, RESERVED_JOB_ENV_NAMES, secretNames } from './job-secrets';
export { controlsProgramExecution } from './program-control-env';
export {
  isJobTokenRepoType,
  JOB_TOKEN_ENV_NAME,
  JOB_TOKEN_NAME_PREFIX,
  type JobTokenAccess,
  jobTokenGrantRequest,
  jobTokenName,
  type JobTokenRequest,
  jobTokenRequestSchema,
  jobTokenTtlSeconds,
  type MintedJobToken,
} from './job-token';
export {
  createWebhookBodySchema,
  rotateWebhookSecretBodySchema,
  parseCreateWebhookBody,
  parseRotateWebhookSecretBody,
  parseUpdateWebhookBody,
  type RotateWebhookSecretInput,
  type UpdateWebhookInput,
  updateWebhookBodySchema,
} from './webhook-input';
export { type JobSpecRecord, toWebhookView, type WebhookView } from './webhook-view';
export { type RepoChangeEvent, repoChangeEventSchema } from './repo-change-event';
export {
  type MatchableEvent,
  type RepoReadAccess,
  type Subscription,
  SubscriptionIndex,
  type SubscriptionState,
} from './subscription-index';
export { buildPayloadV3 } from './payload';
export { payloadBody } from './payload-body';
export { deliveryHeaders, signingKeyObject } from './signature';
export {
  classifyResponse,
  DEFAULT_AUTO_DISABLE_WINDOW_MS,
  type DeliveryClassification,
  type DeliveryErrorKind,
  nextRetryDelayMs,
  shouldAutoDisable,
} from './retry-schedule';
export {
  checkTriggerLimit,
  DEFAULT_TRIGGER_LIMIT_POLICY,
  triggerBucketStart,
  type TriggerCount,
  type TriggerLimitDecision,
  type TriggerLimitPolicy,
  triggerWindowStart,
} from './trigger-limit';
export { webhookSecretContext } from './webhook-secret-context';
export {
  givenWebhookSettings,
  type WebhookSettings,
  webhookSettingsEventShape,
  webhookSettingsOf,
} from './webhook-settings';
export {
  HEALTHY_WEBHOOK,
  nextWebhookHealth,
  type WebhookHealth,
  type WebhookHealthObservation,
  type WebhookHealthState,
  type WebhookNoticeKind,
} from './webhook-health';
export { buildTestEventPayload } from './test-event-payload';
