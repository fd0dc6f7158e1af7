// Bootstrap
export * from './bootstrap/bootstrap-service';
export * from './bootstrap/create-service-app';
export * from './bootstrap/exit-on-startup-failure';
export * from './platform.module';

// Logging and request context
export * from './logging/create-logger';
export * from './logging/log-redaction';
export * from './logging/logger.token';
export * from './logging/nest-json-logger';
export { currentRequestId } from './request/request-context';
export { REQUEST_ID_HEADER, requestIdOf, resolveRequestId } from './request/request-id';
export type { WithRawBody } from './request/body-parsers';

// Health
export * from './health/readiness-check';
export * from './health/readiness-registry';
export * from './health/readiness.module';

// Metrics
export * from './metrics/http-metrics';
export * from './metrics/metrics-registry';

// Errors and validation
export * from './errors/error-shape';
export * from './errors/error-response';
export * from './errors/request-errors';
export * from './validation/zod-validation';
export * from './validation/zod-validation.pipe';

// Outbound requests to user-supplied addresses (docs/security.md "Outbound requests")
export { AddressRefusedError } from './outbound/address-refused.error';
export { type CappedBody, readCappedBody } from './outbound/capped-body';
export { guardedAgent, type GuardedAgentOptions } from './outbound/guarded-agent';
export { addressRefusal, type AddressGuardOptions, type HostAddressResolver, systemResolver } from './outbound/guarded-lookup';
export { classifyOutboundFailure, type OutboundFailure } from './outbound/outbound-failure';

// Internal service-to-service auth
export * from './internal-auth/internal-token';
export * from './internal-auth/internal-token.guard';

// Ports
export * from './clock/clock.module';

// Infrastructure modules
export * from './infrastructure/database.module';
export * from './infrastructure/flow-state.module';
export * from './infrastructure/messaging.module';
export * from './infrastructure/distributed-infrastructure';
export * from './infrastructure/infrastructure-lifecycle';
export * from './infrastructure/outbox-relay-lifecycle';
export { type PeriodicPrunerOptions, PeriodicPruner, type PrunedTable, type PrunerLogger } from './scheduling/periodic-pruner';
