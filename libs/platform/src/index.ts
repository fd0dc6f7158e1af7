// Bootstrap
export { bootstrapService } from './bootstrap/service-bootstrap';
export { exitOnStartupFailure } from './bootstrap/exit-on-startup-failure';
export { LOGGER } from './logging/logger.token';
export { ReadinessRegistry } from './health/readiness-registry';
export { ReadinessModule } from './health/readiness.module';
export { METRICS_REGISTRY } from './metrics/metrics-registry';
export { OAuthErrorShape } from './errors/error-shape';
export { BodyParseError } from './errors/request.error';
export { parseOrThrow } from './validation/zod-validation';
export { ZodBody, ZodQuery, ZodValidationPipe } from './validation/zod-validation.pipe';
export { readCappedBody } from './outbound/capped-body';
export { endUncached } from './request/json-response';
export { LeanRoute } from './request/lean-route.decorator';
export { clientAddressOf } from './request/client-address';
export { guardedAgent } from './outbound/guarded-agent';
export { outboundRequest } from './outbound/undici-parts';
export {
  type InternalServiceAnswer,
  InternalServiceRoute,
} from './outbound/internal-service-route';
export { addressRefusal, type HostAddressResolver, resolveWithin } from './outbound/guarded-lookup';
export { classifyOutboundFailure } from './outbound/outbound-failure';
export { InternalTokenGuard } from './internal-auth/internal-token.guard';
export { CLOCK } from './clock/clock.module';
export { DatabaseModule } from './infrastructure/database.module';
export { FLOW_STORE, FlowStateModule, SHARED_FLOW_STORE } from './infrastructure/flow-state.module';
export { EVENT_BUS, MessagingModule, OUTBOX_RELAY } from './infrastructure/messaging.module';
export {
  type EventConsumerOptions,
  type EventConsumers,
  EventBusTransport,
} from './consumers/event-bus-transport';
export { distributedInfrastructure } from './infrastructure/distributed-infrastructure';
export {
  type PeriodicPrunerOptions,
  PeriodicPruner,
  type PrunerLogger,
} from './scheduling/periodic-pruner';
export {
  API_ERRORS,
  type ApiDescription,
  type ApiOperation,
  BEARER,
  BEARER_OR_SESSION,
  type DescribesExactly,
  INTERNAL,
  emptyResponse,
  jsonRequestBody,
  jsonResponse,
  OAUTH_ERRORS,
  PAGE_OTHER_ANSWERS,
  pageResponse,
  settingsOperations,
} from './openapi/api-description';
export { type OpenApiDocument, openApiDocument } from './openapi/openapi-document';
export { OpenApiModule } from './openapi/openapi.module';
