// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { FrozenClock, UnsupportedResponseType } from './common';
export { atHash, GRANT_TYPES, type PolicyResource, s256CodeChallenge } from './oauth';
export {
  OVERLOADED_MIN_DELAY_MS,
  standardWebhookSecret,
  validateWebhookUrlSyntax,
  verifyStandardWebhook,
} from './webhooks';
export { isLoopbackAddress } from './net';
