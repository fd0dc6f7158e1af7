import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * SHA-256 hex of a high-entropy token we only ever verify (access, refresh and personal tokens,
 * client secrets). Such tokens need no salt or stretching: the hash is their lookup key.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two strings in time independent of where they differ, and of their lengths. */
export function timingSafeEqualString(a: string, b: string): boolean {
  const digestA = createHash('sha256').update(a, 'utf8').digest();
  const digestB = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(digestA, digestB);
}
