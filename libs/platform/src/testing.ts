// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { type RunningService } from './bootstrap/service-bootstrap';
export { createServiceApp } from './bootstrap/create-service-app';
export { AddressRefusedError } from './outbound/address-refused.error';
export { listenThroughExpress, type RawAnswer, type RawCall, sendRaw } from './testing/raw-answer';
