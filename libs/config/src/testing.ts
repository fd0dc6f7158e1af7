// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { configVariables } from './config-variables';
export { INTERNAL_TOKEN_FILE } from './embedded-secrets';
export { type GatehouseApp } from './apps/app-config-schemas';
export { anAuthEnvironment, aNetworkConfig, aWebhooksConfig } from './testing/config-builders';
