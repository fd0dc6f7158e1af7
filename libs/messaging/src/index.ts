export { deadLetterTopic, GATEHOUSE_TOPIC_SPECS, Topics, type TopicSpec } from './topics';
export {
  ConsumerGroups,
  deliveryConsumerGroups,
  type GatehouseService,
  KAFKA_ACCESS,
  type KafkaAccess,
} from './kafka-access';
export { type MessagingLogger, stderrMessagingLogger } from './messaging-logger';
export {
  type ConsumerState,
  type ConsumerStatus,
  type EventBus,
  type IncomingMessage,
  type OutgoingMessage,
  type SubscribeOptions,
  type Subscription,
} from './event-bus/event-bus';
export { InProcessEventBus } from './event-bus/in-process/in-process-event-bus';
export { KafkaEventBus, type KafkaEventBusOptions } from './event-bus/kafka/kafka-event-bus';
export {
  type AccountMailRequestedData,
  accountMailRequestedEvent,
  type AccountMailTemplate,
  type AccountDeletedData,
  accountDeletedEvent,
  type AccountSignedOutData,
  accountSignedOutEvent,
  oauthAppChangedEvent,
  type AuditRecordedData,
  auditRecordedEvent,
  decodeEvent,
  DELETED_SOURCE_JOB,
  headerEventType,
  type LeakedCredentialsReportedData,
  leakedCredentialsReportedEvent,
  deliveryDeadLetteredEvent,
  deliveryReplayRequestedEvent,
  deliveryTestRequestedEvent,
  repoChangedEvent,
  repoChangedMessage,
  TOKEN_EVENTS,
  tokenIssuedEvent,
  tokenLeakedEvent,
  tokenRevokedByOrganizationEvent,
  type TokenRevokedData,
  tokenRevokedEvent,
  WEBHOOK_REVISION_HEADER,
  type WebhookChangedData,
  webhookChangedEvent,
  type WebhookNoticeRaisedData,
  webhookNoticeRaisedEvent,
} from './events';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay';
export {
  inSpan,
  traceConsumer,
  traceContextOf,
  tracingActive,
} from './tracing/message-trace-context';
