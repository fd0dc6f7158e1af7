import type { SigningKeyEntity } from '@gatehouse/persistence';

/** A key to store: the private JWK already sealed with SecretBox. */
export type NewSigningKey = Pick<SigningKeyEntity, 'kid' | 'alg' | 'publicJwk' | 'privateJwkEncrypted'>;

/** Port over the `signing_keys` table. At most one key is `current` (a partial unique index). */
export abstract class SigningKeyStore {
  /** The `current` key then the `previous` one, when they exist. */
  abstract published(): Promise<SigningKeyEntity[]>;
  /**
   * Stores `key` as `current` only if no key is current yet; false when another writer (a second
   * replica generating its first key at the same moment) got there first.
   */
  abstract insertFirstCurrent(key: NewSigningKey, at: Date): Promise<boolean>;
  /** In one transaction: `previous` becomes `retired`, `current` becomes `previous`, `key` becomes `current`. */
  abstract rotateTo(key: NewSigningKey, at: Date): Promise<{ previous: string | null }>;
}
