// Service side (apps/token-exchange, and the all-in-one through the in-process grant)
export * from './token-exchange-service.module';
export * from './token-exchange-options';
export * from './exchange/token-exchange.service';
export * from './exchange/token-exchange-request';
// Auth side: the grant handler of POST /oauth/token and its transports
export * from './grant/token-exchange-grant.module';
export * from './grant/token-exchange-grant.handler';
export * from './grant/token-exchange-client';
export * from './grant/http-token-exchange-client';
export * from './grant/in-process-token-exchange-client';
// Audit log (the CLI verifies chains with these)
export * from './audit/audit-entry';
export * from './audit/audit-chain';
export * from './audit/audit-log.store';
export * from './audit/typeorm-audit-log.store';
export * from './audit/audit-log-verification';
// API answers, as clients (the CLI) read them
export type { AuditEntryView } from './audit/audit-entry-view';
export type { AuditLogPage } from './audit/audit-log-reader';
export type { TokenExchangeAppView } from './settings/token-exchange-app-view';
// Access policy served to internal services
export * from './authorize/authorize-request';
export * from './authorize/access-decision.service';
