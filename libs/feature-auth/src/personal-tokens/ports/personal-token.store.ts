import type { PersonalTokenRecord } from '@gatehouse/identity';

/** What an edit or a refresh changes on a token. */
export type PersonalTokenChanges = Partial<
  Pick<
    PersonalTokenRecord,
    | 'name'
    | 'fineGrained'
    | 'tokenHash'
    | 'preview'
    | 'createdAt'
    | 'expiresAt'
    | 'lastUsedAt'
    | 'lastUsedAddress'
    | 'lastUsedClient'
  >
>;

/** Port over a user's personal access tokens (hashes only). */
export abstract class PersonalTokenStore {
  abstract insert(row: PersonalTokenRecord): Promise<void>;
  /** The user's tokens that are not revoked (expired ones included), oldest first. */
  abstract listActive(userId: string): Promise<PersonalTokenRecord[]>;
  /** One of the user's tokens that is not revoked; null when the user has no such token. */
  abstract findActive(userId: string, id: string): Promise<PersonalTokenRecord | null>;
  /** The hash of one of the user's tokens that is not revoked; null when the user has no such token. */
  abstract activeTokenHash(userId: string, id: string): Promise<string | null>;
  /**
   * Changes one of the user's tokens that is not revoked, provided its hash is still `tokenHash`
   * (so two refreshes at once cannot both win); the token after the change, or null.
   */
  abstract update(
    userId: string,
    id: string,
    tokenHash: string,
    changes: PersonalTokenChanges,
  ): Promise<PersonalTokenRecord | null>;
  /** Revokes one of the user's tokens; false when the user has no such token (or it is revoked already). */
  abstract revoke(userId: string, id: string, at: Date): Promise<boolean>;
}
