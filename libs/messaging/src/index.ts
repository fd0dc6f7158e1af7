export * from './topics';
export * from './messaging-logger';
export * from './event-bus/event-bus';
export * from './event-bus/dead-letter';
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_BACKOFF, RetryBackoff } from './event-bus/handle-with-retries';
export * from './event-bus/in-process/in-process-event-bus';
export * from './event-bus/kafka/kafka-event-bus';
export * from './events';
