export * from './flow-store';
export * from './memory-flow-space';
export * from './memory-flow-store';
export * from './redis-flow-store';
export * from './json-flow-store';
export * from './rate-limiter';
export { FailureCounter } from './failure-counter';
