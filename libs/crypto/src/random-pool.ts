import { randomBytes } from 'node:crypto';

/** Bytes drawn from the CSPRNG at once; a request of more is drawn on its own. */
const POOL_BYTES = 4096;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `length` bytes from the operating system's CSPRNG, served from a block drawn ahead, as Node's
 * `randomUUID` does: each `randomBytes` call costs a round into OpenSSL's generator, several
 * microseconds, and a token request draws five or more small values (tokens, ids, an IV). Every
 * byte is handed out once; the caller gets its own copy.
 */
export function randomBytesFromPool(length: number): Buffer {
  if (length > POOL_BYTES) return randomBytes(length);
  if (offset + length > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const drawn = Buffer.from(pool.subarray(offset, offset + length));
  offset += length;
  return drawn;
}
