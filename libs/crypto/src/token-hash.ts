import { hash, timingSafeEqual } from 'node:crypto';

/**
 * SHA-256 hex of a high-entropy token we only ever verify (access, refresh and personal tokens,
 * client secrets). Such tokens need no salt or stretching: the hash is their lookup key.
 */
export function hashToken(token: string): string {
  // The one-shot digest, without a Hash object per call: every bearer check hashes its token.
  return hash('sha256', token, 'hex');
}

/** Compares two strings in time independent of where they differ, and of their lengths. */
export function timingSafeEqualString(a: string, b: string): boolean {
  const digestA = hash('sha256', a, 'buffer');
  const digestB = hash('sha256', b, 'buffer');
  return timingSafeEqual(digestA, digestB);
}
