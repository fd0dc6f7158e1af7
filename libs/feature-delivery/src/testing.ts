// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { DEFAULT_DELIVERY_GROUP_ID, DEFAULT_DELIVERY_TOPICS } from './delivery-module-options';
