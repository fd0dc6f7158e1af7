/**
 * Identifiers shaped like the platform's: 24 lower-case hex characters (a 4-byte big-endian
 * seconds timestamp followed by 8 random bytes), so ids sort by creation time as the
 * Hugging Face clients' examples do. Randomness and time are passed in: the domain does no I/O.
 */
export function objectId(nowMs: number, random8: Uint8Array): string {
  if (random8.length !== 8) throw new RangeError('objectId needs exactly 8 random bytes');
  const seconds = Math.floor(nowMs / 1000) >>> 0;
  return seconds.toString(16).padStart(8, '0') + Buffer.from(random8).toString('hex');
}

const OBJECT_ID = /^[0-9a-f]{24}$/;

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}
