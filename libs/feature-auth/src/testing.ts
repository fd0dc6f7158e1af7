// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { TokenEndpointModule } from './token-endpoint/token-endpoint.module';
export { startTokenTestApp, type TokenTestApp } from './testing/token-test-app';
export { CONFIGURED_ADMIN, startAdminTestApp } from './testing/admin-test-app';
