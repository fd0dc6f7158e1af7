// One file per event type, each exporting its defineEvent() definitions and data types: every
// event contract of Gatehouse lives here, beside its topic in ../topics.ts.
export * from './invalid-event.error';
export * from './event-definition';
export * from './webhook-changed.event';
export * from './audit.event';
export * from './token.event';
export { repoChangedEvent, repoChangedMessage } from './repo-changed.event';
export { type DeliveryDeadLettered, deliveryDeadLetteredEvent } from './delivery-dead-lettered.event';
export { type DeliveryReplayRequested, deliveryReplayRequestedEvent } from './delivery-replay.event';
