export { ConcurrencyLimit } from './concurrency-limit';
export { newObjectId } from './object-id';
export { randomToken } from './random-token';
export { hashToken, timingSafeEqualString } from './token-hash';
export {
  hashPassword,
  passwordNeedsRehash,
  type ScryptParameters,
  setPasswordHashCost,
  verifyPassword,
} from './password-hash';
export { SecretBox } from './secret-box';
export { SecretBoxError } from './secret-box.error';
