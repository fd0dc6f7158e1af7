import { randomBytesFromPool } from './random-pool';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// Largest multiple of 62 below 256: bytes at or above it are dropped so every character is uniform.
const UNBIASED_LIMIT = 248;
const BITS_PER_CHARACTER = Math.log2(BASE62.length);

/**
 * `prefix` + a base62 body carrying at least `bytes` * 8 bits of entropy (32 bytes: 43 characters).
 * Base62 keeps tokens selectable with a double click and safe in URLs, headers and form bodies.
 */
export function randomToken(prefix: string, bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 16) {
    throw new RangeError('randomToken needs at least 16 bytes (128 bits) of entropy');
  }
  const length = Math.ceil((bytes * 8) / BITS_PER_CHARACTER);
  let body = '';
  while (body.length < length) {
    for (const byte of randomBytesFromPool(length)) {
      if (byte < UNBIASED_LIMIT) body += BASE62[byte % BASE62.length];
      if (body.length === length) break;
    }
  }
  return prefix + body;
}
