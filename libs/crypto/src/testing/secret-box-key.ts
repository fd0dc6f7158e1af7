import { randomBytes } from 'node:crypto';

/** A fresh key for a SecretBox (as GATEHOUSE_ENCRYPTION_KEY holds one): 32 random bytes, base64. */
export function generateSecretBoxKey(): string {
  return randomBytes(32).toString('base64');
}
