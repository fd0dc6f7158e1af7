import { randomUUID } from 'node:crypto';
import { hashPassword, hashToken, newObjectId, verifyPassword } from '@gatehouse/crypto';
import { Clock, systemClock } from '@gatehouse/domain';

/** The side effects `applySeed` needs, as a port so tests pass fakes. */
export interface SeedDeps {
  hashPassword(password: string): Promise<string>;
  /** Lets a re-applied seed keep a stored hash that already matches (no needless re-hash). */
  verifyPassword(password: string, storedHash: string): Promise<boolean>;
  /** For personal access tokens and client secrets: SHA-256 hex. */
  hashToken(token: string): string;
  /** For Job secrets, which must be sent later; `context` is bound to the ciphertext (AAD). */
  encrypt(plain: string, context: string): string;
  /** Lets a re-applied seed compare Job secrets without re-encrypting unchanged ones. */
  decrypt(sealed: string, context: string): string;
  newId(): string;
  /** Client id of an app declared without one. Defaults to a random UUID. */
  newClientId?(): string;
  clock?: Clock;
}

/** What the seed needs of @gatehouse/crypto's SecretBox. */
export interface SecretSealer {
  encrypt(plain: string, context: string): string;
  decrypt(sealed: string, context: string): string;
}

/** The production wiring: @gatehouse/crypto's hashes and ids, and the caller's SecretBox. */
export function createSeedDeps(secrets: SecretSealer, clock: Clock = systemClock): SeedDeps {
  return {
    hashPassword: (password) => hashPassword(password),
    verifyPassword: (password, storedHash) => verifyPassword(password, storedHash),
    hashToken,
    encrypt: (plain, context) => secrets.encrypt(plain, context),
    decrypt: (sealed, context) => secrets.decrypt(sealed, context),
    newId: () => newObjectId(clock.now()),
    newClientId: () => randomUUID(),
    clock,
  };
}
