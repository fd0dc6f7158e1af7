import { randomBytesFromPool } from './random-pool';

/**
 * A new 24-hex identifier: 4-byte big-endian creation second followed by 8 random bytes.
 * Same format as `objectId` in libs/domain/src/common/object-id.ts (util libs may not import the
 * domain, so the format is repeated here; the spec checks the two agree).
 */
export function newObjectId(nowMs: number = Date.now()): string {
  const seconds = Math.floor(nowMs / 1000) >>> 0;
  return seconds.toString(16).padStart(8, '0') + randomBytesFromPool(8).toString('hex');
}
