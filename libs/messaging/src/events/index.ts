// One file per event type, each exporting its defineEvent() definitions and data types: every
// event contract of Gatehouse lives here, beside its topic in ../topics.ts.
export { decodeEvent, headerEventType } from './event-definition';
export {
  DELETED_SOURCE_JOB,
  WEBHOOK_REVISION_HEADER,
  type WebhookChangedData,
  webhookChangedEvent,
} from './webhook-changed.event';
export { type AuditRecordedData, auditRecordedEvent } from './audit.event';
export {
  TOKEN_EVENTS,
  tokenIssuedEvent,
  tokenLeakedEvent,
  tokenRevokedByOrganizationEvent,
  type TokenRevokedData,
  tokenRevokedEvent,
} from './token.event';
export { repoChangedEvent, repoChangedMessage } from './repo-changed.event';
export { deliveryDeadLetteredEvent } from './delivery-dead-lettered.event';
export { deliveryReplayRequestedEvent } from './delivery-replay.event';
export {
  type LeakedCredentialsReportedData,
  leakedCredentialsReportedEvent,
} from './leaked-credentials.event';
export {
  type AccountDeletedData,
  accountDeletedEvent,
  type AccountSignedOutData,
  accountSignedOutEvent,
} from './account.event';
export {
  type AccountMailRequestedData,
  accountMailRequestedEvent,
  type AccountMailTemplate,
} from './account-mail.event';
export { type WebhookNoticeRaisedData, webhookNoticeRaisedEvent } from './webhook-notice.event';
export { deliveryTestRequestedEvent } from './delivery-test.event';
export { oauthAppChangedEvent } from './oauth-app.event';
