// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { UnsupportedResponseType } from './common';
export { isLoopbackAddress } from './net';
export { type PolicyResource } from './oauth/access-policy';
export { GRANT_TYPES } from './oauth/grant-types';
export { atHash } from './oauth/id-token-claims';
export { s256CodeChallenge } from './oauth/pkce';
export { OVERLOADED_MIN_DELAY_MS } from './webhooks/retry-schedule';
export { validateWebhookUrlSyntax } from './webhooks/webhook-url';
export { FrozenClock } from './testing/frozen-clock';
export { standardWebhookSecret } from './testing/standard-webhook-secret';
export { aWebhookRecord, aWebhookSettings, aWebhookView } from './testing/webhook-builders';
export {
  aPullRequestOpenedEvent,
  aRepoChangeEvent,
  aSpacePushEvent,
  type RepoChangeEventOverrides,
} from './testing/repo-change-event-builders';
export { PERMISSION_DEFINITIONS } from './oauth/token-permissions';
