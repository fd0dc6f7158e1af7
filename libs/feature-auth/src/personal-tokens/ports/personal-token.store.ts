import type { PersonalTokenRecord } from '@gatehouse/identity';

/** Port over a user's personal access tokens (hashes only). */
export abstract class PersonalTokenStore {
  abstract insert(row: PersonalTokenRecord): Promise<void>;
  /** The user's tokens that are not revoked, oldest first. */
  abstract listActive(userId: string): Promise<PersonalTokenRecord[]>;
  /** The hash of one of the user's tokens that is not revoked; null when the user has no such token. */
  abstract activeTokenHash(userId: string, id: string): Promise<string | null>;
  /** Revokes one of the user's tokens; false when the user has no such token (or it is revoked already). */
  abstract revoke(userId: string, id: string, at: Date): Promise<boolean>;
}
