// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { generateSecretBoxKey } from './testing/secret-box-key';
export { DEFAULT_SCRYPT_PARAMETERS } from './password-hash';
