export { type FlowChannel, type FlowChannelListener, type FlowStore } from './flow.store';
export { MemoryFlowStore } from './in-memory-flow.store';
export { RedisFlowStore } from './redis-flow.store';
export { JsonFlowStore } from './json-flow.store';
export { RateLimiter } from './rate-limiter';
export { FailureCounter } from './failure-counter';
export { InFlightCounter, type InFlightTicket } from './in-flight-counter';
