// One file per event type, each exporting its defineEvent() definitions and data types.
// Repo change events (Topics.repoEvents, key: repository id) are defined here by the delivery
// worker, as repo-change.event.ts.
export * from './invalid-event.error';
export * from './event-definition';
export * from './webhook-changed.event';
export * from './audit.event';
export * from './token.event';
